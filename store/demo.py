"""Demo data of the phone store (Buenos Aires, ARS): a small catalog and used-device buying prices."""

from __future__ import annotations

from store.models import Product, UsedDevicePrice

# ARS 1 = 100 cents. (sku, name, brand, model, capacity_gb, condition, price in pesos, stock, warranty, sold_out)
DEMO_PRODUCTS = (
    ("IP13-128-N", "iPhone 13 128 GB Medianoche", "Apple", "iPhone 13", 128, "new", 1_450_000, 4, 12, False),
    ("IP13-256-R", "iPhone 13 256 GB Azul (reacondicionado)", "Apple", "iPhone 13", 256, "refurbished", 1_290_000,
     2, 6, False),
    ("IP14-128-N", "iPhone 14 128 GB Blanco estelar", "Apple", "iPhone 14", 128, "new", 1_750_000, 3, 12, False),
    ("SGS21-256-R", "Samsung Galaxy S21 256 GB Gris (reacondicionado)", "Samsung", "Galaxy S21", 256,
     "refurbished", 820_000, 0, 6, False),  # stock 0
    ("SGS23-128-N", "Samsung Galaxy S23 128 GB Negro", "Samsung", "Galaxy S23", 128, "new", 1_390_000, 2, 12,
     True),  # flagged sold out by staff although 2 units are in the system (reserved for a corporate order)
    ("MOTO-E40-256-N", "Motorola Edge 40 256 GB Eclipse", "Motorola", "Edge 40", 256, "new", 780_000, 5, None,
     False),  # no warranty data on record
    ("XRN12-128-N", "Xiaomi Redmi Note 12 128 GB Gris Ónix", "Xiaomi", "Redmi Note 12", 128, "new", 420_000, 7, 12,
     False),
    ("ACC-CARG-20W", "Cargador rápido USB-C 20 W", "Apple", "", None, "new", 45_000, 15, 6, False),
    ("ACC-CARG-25W", "Cargador rápido Samsung 25 W", "Samsung", "", None, "new", 38_000, 9, None, False),
    ("ACC-FUNDA-IP13", "Funda de silicona para iPhone 13", "Genérica", "iPhone 13", None, "new", 12_000, 20, 0,
     False),  # explicitly no warranty
    ("ACC-FUNDA-S23", "Funda transparente para Galaxy S23", "Genérica", "Galaxy S23", None, "new", 9_500, 12, 0,
     False),
    ("ACC-CABLE-LTG", "Cable USB-C a Lightning 1 m", "Apple", "", None, "new", 18_000, 0, 3, False),
)

# (brand, model, {capacity_gb: base price in pesos for a device with battery health ≥ 90 %})
DEMO_USED_PRICES = (
    ("Apple", "iPhone 12", {64: 380_000, 128: 430_000, 256: 480_000}),
    ("Apple", "iPhone 13", {128: 560_000, 256: 620_000, 512: 690_000}),
    ("Apple", "iPhone 14", {128: 720_000, 256: 790_000, 512: 870_000}),
    ("Samsung", "Galaxy S21", {128: 300_000, 256: 340_000}),
    ("Samsung", "Galaxy S22", {128: 390_000, 256: 440_000}),
)


def seed_store_demo(*, currency: str) -> None:
    """Insert the demo rows that are not there yet (by SKU and by model/capacity). Idempotent; a few queries."""
    existing_skus = set(Product.objects.values_list("sku", flat=True))
    products = []
    for sku, name, brand, model, capacity, condition, pesos, stock, warranty, sold_out in DEMO_PRODUCTS:
        if sku in existing_skus:
            continue
        product = Product(sku=sku, name=name, brand=brand, model=model, capacity_gb=capacity, condition=condition,
                          price_cents=pesos * 100, currency=currency, stock=stock, warranty_months=warranty,
                          sold_out=sold_out)
        product.refresh_search_text()  # bulk_create does not call save()
        products.append(product)
    Product.objects.bulk_create(products)
    existing_prices = set(UsedDevicePrice.objects.values_list("model_key", "capacity_gb"))
    prices = []
    for brand, model, by_capacity in DEMO_USED_PRICES:
        for capacity, pesos in by_capacity.items():
            row = UsedDevicePrice(brand=brand, model=model, capacity_gb=capacity, base_cents=pesos * 100,
                                  currency=currency)
            row.refresh_keys()
            if (row.model_key, capacity) not in existing_prices:
                prices.append(row)
    UsedDevicePrice.objects.bulk_create(prices)
