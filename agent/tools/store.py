"""Store tools over the catalog's interface (`store.interface.SandboxStore`)."""

from __future__ import annotations

from dataclasses import asdict

from pydantic import Field

from agent.references import reference_issue, reference_latest_shown, reference_resolve
from agent.tools.arguments import CapacityGb, CeilingCents, Count, Name, Percent, Reference, SearchText
from agent.tools.base import ToolArgs, ToolContext, ToolSpec, engine_tools, fields_of, ok, result_fields
from guards.evidence import Evidence, Identifier, MoneyEvidence
from store.interface import ProductHit, SandboxStore, UsedDeviceQuoteResult

# How many products one quote may hold.
QUOTE_LIMIT = 5


class SearchCatalogArgs(ToolArgs):
    query: SearchText = Field(description="Brand/model words, e.g. 'iphone 13'")
    capacity_gb: CapacityGb | None = Field(description="Storage in GB, or null")
    max_price_cents: CeilingCents | None = Field(description="Price ceiling in cents, or null")
    # a default, so a call written before this argument (a trace, a model's habit) still reads as a search
    product_ref: Reference | None = Field(
        default=None, description="A product_ref from shown_products: that one product as the catalogue has it now, or null")


class ShownProductsArgs(ToolArgs):
    pass


class QuoteItem(ToolArgs):
    query: SearchText | None = Field(description="Brand/model words of one product, e.g. 'iphone 14'")
    product_ref: Reference | None = Field(description="Or a product_ref of shown_products, for one just shown")
    quantity: Count = Field(description="How many units the customer asked for")


class QuoteProductsArgs(ToolArgs):
    items: list[QuoteItem] = Field(min_length=1, max_length=QUOTE_LIMIT,
                                   description="Each product asked for, with its quantity")


class QuoteUsedDeviceArgs(ToolArgs):
    device_model: Name | None = Field(description="The customer's device model, e.g. 'iPhone 12'")
    capacity_gb: CapacityGb | None
    battery_health: Percent | None = Field(description="Battery health in percent")


# How many of a search's products a follow-up may be about (the builtin lists at most five).
SHOWN_LIMIT = 5


def search_catalog(ctx: ToolContext, args: SearchCatalogArgs) -> dict:
    """The products matching the words (or the one a `product_ref` names), as the catalogue has them now. The ids
    found are kept behind one short-lived reference of the conversation, so a follow-up that names no product
    ("¿cuánto sale?", "¿tiene garantía?") can be about what was shown (`shown_products`)."""
    store = SandboxStore()
    if args.product_ref is not None:
        shown = reference_resolve(token=args.product_ref, kind="product", conversation_id=ctx.conversation_id,
                                  ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
        hits = [store.product(product_id=shown["product_id"])]
    else:
        hits = store.search(query=args.query, capacity_gb=args.capacity_gb, max_price_cents=args.max_price_cents)
    if hits:
        # the searches of one turn show one list ("el redmi y el cargador": two searches, one reply): the products
        # this Ask's earlier searches of the turn found come first, so a follow-up ("2 de cada uno") is about all
        earlier = [product_id for reference in (ctx.writes.references.values() if ctx.writes is not None else ())
                   if reference.kind == "products" and reference.ask_id == (ctx.ask_id or 0)
                   and reference.conversation_id == ctx.conversation_id
                   for product_id in reference.payload["product_ids"]]
        listed = list(dict.fromkeys([*earlier, *(hit.id for hit in hits[:SHOWN_LIMIT])]))
        reference_issue(kind="products", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                        payload={"product_ids": listed}, issued_by="search_catalog", now=ctx.now, writes=ctx.writes)
    return ok({"hits": [result_fields(hit) for hit in hits]})


def shown_products(ctx: ToolContext, args: ShownProductsArgs) -> dict:
    """The products the last search of this conversation showed (another Ask's, recent), each with a
    `product_ref` of this Ask for `search_catalog`: their names and storage only, prices come from that search."""
    shown = reference_latest_shown(kind="products", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                                   now=ctx.now)
    store, products = SandboxStore(), []
    for product_id in (shown or {}).get("product_ids", [])[:SHOWN_LIMIT]:
        hit = store.product(product_id=product_id)
        token = reference_issue(kind="product", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                                payload={"product_id": hit.id}, issued_by="shown_products", now=ctx.now, writes=ctx.writes)
        products.append({"product_ref": token, "name": hit.name, "capacity_gb": hit.capacity_gb})
    return ok({"products": products})


def quote_products(ctx: ToolContext, args: QuoteProductsArgs) -> dict:
    """Each product asked for × its quantity, and the total, computed here from the catalogue as it is now. A product
    is named by its words or by a `product_ref` of `shown_products`, and quoted only when it is exactly one product
    on sale; the others come back in `unmatched` (none found, several, or not available), so nothing is priced that
    the customer did not name."""
    store, lines, unmatched = SandboxStore(), [], []
    for item in args.items:
        if item.product_ref is not None:  # one of the products just shown ("2 de cada uno")
            shown = reference_resolve(token=item.product_ref, kind="product", conversation_id=ctx.conversation_id,
                                      ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
            hits = [hit for hit in [store.product(product_id=shown["product_id"])] if hit.available]
        else:
            hits = [hit for hit in store.search(query=item.query) if hit.available] if item.query else []
        if len(hits) != 1:
            unmatched.append(item.query or item.product_ref)
            continue
        hit = hits[0]
        lines.append({"name": hit.name, "quantity": item.quantity, "price_cents": hit.price_cents,
                      "line_cents": hit.price_cents * item.quantity, "currency": hit.currency,
                      "stock": hit.stock})
    currencies = {line["currency"] for line in lines}
    return ok({"lines": lines, "unmatched": unmatched, "currency": currencies.pop() if len(currencies) == 1 else None,
               "total_cents": sum(line["line_cents"] for line in lines) if lines and not unmatched else None})


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
CATALOG_EVIDENCE = Evidence(money=(MoneyEvidence("price_cents", role="price"),),
                            identifiers=(Identifier("id", "reference"), Identifier("sku", "reference")),
                            products=("name", "model"), names=("brand",), places_left=("stock",),
                            warranties=("warranty_months",),
                            plain=("currency", "capacity_gb", "condition", "available", "sold_out", "hits"))
PRODUCTS_QUOTE_EVIDENCE = Evidence(
    money=(MoneyEvidence("price_cents", role="price"), MoneyEvidence("line_cents", listed=True),
           MoneyEvidence("total_cents")),
    products=("name",), quantities=("quantity",), places_left=("stock",),
    plain=("currency", "lines", "unmatched"))
SHOWN_EVIDENCE = Evidence(identifiers=(Identifier("product_ref", "reference"),), products=("name",),
                          plain=("capacity_gb", "products"))
QUOTE_EVIDENCE = Evidence(money=(MoneyEvidence("price_cents"), MoneyEvidence("base_cents")), dates=("created_at", "valid_until"),
                          identifiers=(Identifier("quote_id", "reference"),), products=("device_model", "model"),
                          names=("brand",), plain=("currency", "capacity_gb", "battery_health", "battery_percent"))

TOOLS = engine_tools(
    ToolSpec("search_catalog", "Products matching the words, with price, stock, availability and warranty.", "none",
             SearchCatalogArgs, search_catalog, completes=("product_search",), evidence=CATALOG_EVIDENCE,
             returns=fields_of(ProductHit, extra=("hits",))),
    ToolSpec("shown_products", "The products the customer was just shown, for a follow-up naming none.", "none",
             ShownProductsArgs, shown_products, evidence=SHOWN_EVIDENCE,
             returns=("products", "product_ref", "name", "capacity_gb")),
    ToolSpec("quote_products", "Several products with a quantity each: each line's price and the total.", "none",
             QuoteProductsArgs, quote_products, evidence=PRODUCTS_QUOTE_EVIDENCE,
             returns=("lines", "name", "quantity", "price_cents", "line_cents", "currency", "stock", "unmatched",
                      "total_cents")),
    ToolSpec("quote_used_device", "What the store pays for a used device; needs model, capacity and battery.",
             "none", QuoteUsedDeviceArgs, quote_used_device, completes=("used_quote",), evidence=QUOTE_EVIDENCE,
             returns=fields_of(UsedDeviceQuoteResult)),
    failed_slots=FAILED_SLOTS,
    closes_ask=CLOSES_ASK,
)
