"""A local fake OpenAI-compatible server (real HTTP, for tests and benches): scripted chat completions, every
request recorded as received."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from testing.platform import FakeHandler, FakeService

Reply = dict[str, Any] | list | int | bytes | Callable[[dict[str, Any]], Any]


def completion(content: str | None = None, tool_calls: list[tuple[str, dict | str]] | None = None,
               prompt_tokens: int = 50, completion_tokens: int = 10) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function",
             "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
            for i, (name, args) in enumerate(tool_calls)
        ]
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()), "model": "fake",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


class FakeOpenAI(FakeService):
    """`replies` is consumed in order: a dict (or any other JSON value) is answered as a completion, an int as that
    HTTP status, bytes as the raw body of a 200 (a broken server), a callable gets the request body and returns any
    of these; `delay` seconds before answering (a timeout test)."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        self.raw_bodies: list[bytes] = []
        self.delays: list[float] = []
        fake = self

        class Handler(FakeHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                fake.raw_bodies.append(body)
                request = json.loads(body)
                fake.requests.append(request)
                reply = fake.replies.pop(0) if fake.replies else completion("ok")  # taken on arrival, in order
                delay = fake.delays.pop(0) if fake.delays else 0
                if delay:
                    time.sleep(delay)
                if callable(reply):
                    reply = reply(request)
                if isinstance(reply, int):
                    error = {"error": {"message": "fake failure", "type": "server_error"}}
                    self.answer(reply, json.dumps(error).encode())
                    return
                payload = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
                try:
                    self.answer(200, payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                    pass

        self.serve(Handler)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"
