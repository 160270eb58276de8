"""attribute_column: the value at the end of a dotted path, a method there called, the description kept."""

from __future__ import annotations

from types import SimpleNamespace

from staff.columns import attribute_column


def test_an_attribute_column_follows_the_path_and_calls_a_method_at_its_end():
    row = SimpleNamespace(masked_document="***.456.789-**",
                          pix_key=SimpleNamespace(owner_name="Pedro", get_key_type_display=lambda: "CPF"))
    assert attribute_column("masked_document", "document")(None, row) == "***.456.789-**"
    assert attribute_column("pix_key.owner_name", "key owner")(None, row) == "Pedro"
    column = attribute_column("pix_key.get_key_type_display", "key type")
    assert column(None, row) == "CPF"
    assert column.short_description == "key type"
