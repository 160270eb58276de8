"""Store tools over the catalog's interface (`store.interface.SandboxStore`)."""

from __future__ import annotations

from dataclasses import asdict

from pydantic import Field

from agent.tools.arguments import CapacityGb, CeilingCents, Name, Percent, SearchText
from agent.tools.base import ToolArgs, ToolContext, ToolSpec, engine_tools, ok
from guards.evidence import Evidence, Identifier, Money
from store.interface import SandboxStore


class SearchCatalogArgs(ToolArgs):
    query: SearchText = Field(description="Brand/model words, e.g. 'iphone 13'")
    capacity_gb: CapacityGb | None = Field(description="Storage in GB, or null")
    max_price_cents: CeilingCents | None = Field(description="Price ceiling in cents, or null")


class QuoteUsedDeviceArgs(ToolArgs):
    device_model: Name | None = Field(description="The customer's device model, e.g. 'iPhone 12'")
    capacity_gb: CapacityGb | None
    battery_health: Percent | None = Field(description="Battery health in percent")


def search_catalog(ctx: ToolContext, args: SearchCatalogArgs) -> dict:
    hits = SandboxStore().search(query=args.query, capacity_gb=args.capacity_gb, max_price_cents=args.max_price_cents)
    return ok({"hits": [asdict(hit) for hit in hits]})


def quote_used_device(ctx: ToolContext, args: QuoteUsedDeviceArgs) -> dict:
    quote = SandboxStore().quote_used_device(device_model=args.device_model, capacity_gb=args.capacity_gb,
                                             battery_health=args.battery_health)
    return ok(asdict(quote))


# The store engine's refusals that concern one slot of the Ask (engine code → slot to re-ask).
FAILED_SLOTS = {"model_not_quoted": "device_model"}
# None of the store engine's refusals closes a request: it has no customer accounts; out of stock concerns one
# product (another can be asked for), a quote's missing detail can be given.
CLOSES_ASK: frozenset[str] = frozenset()
# What each result's fields mean, for the guards: a product's price is per unit (× a quantity the customer said).
CATALOG_EVIDENCE = Evidence(money=(Money("price_cents", role="price"),),
                            identifiers=(Identifier("id", "reference"), Identifier("sku", "reference")))
QUOTE_EVIDENCE = Evidence(money=(Money("price_cents"), Money("base_cents")), dates=("created_at", "valid_until"),
                          identifiers=(Identifier("quote_id", "reference"),))

TOOLS = engine_tools(
    ToolSpec("search_catalog", "Products matching the words, with price, stock, availability and warranty.", "none",
             SearchCatalogArgs, search_catalog, completes=("product_search",), evidence=CATALOG_EVIDENCE),
    ToolSpec("quote_used_device", "What the store pays for a used device; needs model, capacity and battery.",
             "none", QuoteUsedDeviceArgs, quote_used_device, completes=("used_quote",), evidence=QUOTE_EVIDENCE),
    failed_slots=FAILED_SLOTS,
    closes_ask=CLOSES_ASK,
)
