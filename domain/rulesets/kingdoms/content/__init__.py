"""The kingdoms content pack: records, the built-in default, campaign additions, loading and validation."""

from domain.rulesets.kingdoms.content.campaign import CampaignAddition, extend, load_addition
from domain.rulesets.kingdoms.content.default import default_pack
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.validate import load_pack, problems, validate

__all__ = [
    "CampaignAddition",
    "ContentPack",
    "default_pack",
    "extend",
    "load_addition",
    "load_pack",
    "problems",
    "validate",
]
