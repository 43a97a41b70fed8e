"""The kingdoms content pack: records, the built-in default, loading and validation."""

from domain.rulesets.kingdoms.content.default import default_pack
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.validate import load_pack, problems, validate

__all__ = ["ContentPack", "default_pack", "load_pack", "problems", "validate"]
