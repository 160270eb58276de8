// Under every money input of the back office: the amount as it will be saved, in the organisation's currency
// and separators ("1.000,50" → "R$ 1.000,50"), or a hint when it cannot be read. Mirrors staff/fields.money_parse.
(function () {
  function parse(text, decimal, group) {
    text = text.trim();
    if (!text) return null;
    var parts = text.split(decimal);
    if (parts.length > 2) return NaN;
    var whole = parts[0], cents = parts.length === 2 ? parts[1] : "";
    if (!/^\d*$/.test(cents)) return NaN;
    if (whole.indexOf(group) >= 0 && !new RegExp("^\\d{1,3}(\\" + group + "\\d{3})+$").test(whole)) return NaN;
    whole = whole.split(group).join("");
    if (!/^\d+$/.test(whole)) return NaN;
    return Number(whole + "." + (cents || "0"));
  }
  function update(input) {
    var echo = document.querySelector('[data-money-echo="' + input.id + '"]');
    if (!echo) return;
    var value = parse(input.value, input.dataset.moneyDecimal, input.dataset.moneyGroup);
    if (value === null) { echo.textContent = ""; return; }
    if (isNaN(value)) { echo.textContent = "?"; return; }
    echo.textContent = new Intl.NumberFormat(input.dataset.moneyLocale, {style: "currency",
      currency: input.dataset.moneyCurrency}).format(value);
  }
  document.addEventListener("input", function (event) {
    if (event.target.dataset && event.target.dataset.moneyCurrency) update(event.target);
  });
})();
