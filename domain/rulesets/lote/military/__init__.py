"""Military resolution (P1-G): contacts, interceptions, battles, sieges and their results."""
