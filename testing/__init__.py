"""What the tests and the benches share and production never imports: real worker and server processes on the test
database, the demo organisations and signed-in clients, and local fakes of the services outside this machine (an
OpenAI-compatible model API, WhatsApp's Cloud API), each on real HTTP."""
