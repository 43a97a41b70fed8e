"""The economy kernel (§3 of the digest): revenue, support, upkeep and what a nation holds."""
