"""Construction (§2.5, Tables 2-1x): what an order line costs, whether it may be built, the form's totals."""
