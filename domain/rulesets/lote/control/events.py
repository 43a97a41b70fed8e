"""Events of control (P1-H). A storage format: fields are only ever added, with defaults."""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.enums import Culture, Economy, Government, Society, Status


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class PlaceCeded(_Event, frozen=True, tag="PlaceCeded"):
    """[L9428-9446] `nation` ceded a region or city to `to`: its own status there ends and `to` holds it at
    `status` (the §9.18 list, or `to`'s better status already there)."""

    place: str
    nation: str
    to: str
    ceded: Status
    status: Status
    line: str
    city: bool = False


class SatrapyGranted(_Event, frozen=True, tag="SatrapyGranted"):
    """[L8469-8473] a Pacified place of `nation` becomes Pacified Tributary at the start of the turn."""

    place: str
    nation: str
    line: str


class SatrapyEnded(_Event, frozen=True, tag="SatrapyEnded"):
    """[L8474-8476] the end of the turn of a grant: `reverted` when the garrison was still there (the place is
    Pacified again), otherwise the Pacified Tributary status stands."""

    place: str
    nation: str
    reverted: bool


class SharingRecorded(_Event, frozen=True, tag="SharingRecorded"):
    """[L9414-9419] the nations sharing a province by agreement (none: the agreement ended)."""

    place: str
    nations: tuple[str, ...]
    reason: str


class PlaceOccupied(_Event, frozen=True, tag="PlaceOccupied"):
    """[L2371-2377] a Friendly or Homeland place of `owner` seized by `occupier`, who holds it at `status`."""

    place: str
    owner: str
    occupier: str
    previous: Status
    status: Status
    reason: str


class PlaceLiberated(_Event, frozen=True, tag="PlaceLiberated"):
    """[L2375-2377] the owner has the place back at its previous status; the occupier's status there ends."""

    place: str
    owner: str
    occupier: str
    status: Status
    reason: str


class OccupationEnded(_Event, frozen=True, tag="OccupationEnded"):
    """[L2375-2377] "or they become friendly to the conquering nation": the owner's `oc` is gone."""

    place: str
    owner: str
    occupier: str
    reason: str


class PlaceRevolted(_Event, frozen=True, tag="PlaceRevolted"):
    """A revolt the GM ruled ([L8289-8291], [L8915-8923], [L9357-9380]): the nation's status there ends and its
    garrison there (`units`) is lost."""

    place: str
    nation: str
    units: dict[str, int]
    reason: str
    city: bool = False


class PlaceAssimilated(_Event, frozen=True, tag="PlaceAssimilated"):
    """[L9324-9343] natural assimilation the GM ruled: Pacified becomes Friendly, Pacified Tributary Tributary."""

    place: str
    nation: str
    status: Status
    reason: str


class ConquestYearsAdvanced(_Event, frozen=True, tag="ConquestYearsAdvanced"):
    """[L2400-2406] R7: the Years from Conquest of the regions `nation` holds Pacified or Pacified Tributary (or
    occupies) increase by the turn's years (one event per nation, so that a seat learns only of its own)."""

    nation: str
    years: int
    regions: tuple[str, ...]


class SuccessorStatesRecorded(_Event, frozen=True, tag="SuccessorStatesRecorded"):
    """[L8966-8981] the successor states of `original`; they may seize on turn `seize_turn` only."""

    original: str
    successors: tuple[str, ...]
    seize_turn: int
    reason: str


class RegionSeized(_Event, frozen=True, tag="RegionSeized"):
    """[L8966-8981] a successor state seized a region Friendly to another successor: it is Friendly to `nation`
    and no longer to `previous`."""

    place: str
    nation: str
    previous: str
    reason: str


class DynasticFailureAdvanced(_Event, frozen=True, tag="DynasticFailureAdvanced"):
    """[L8936-8962] the Dynastic Failure of `nation` (begun on `turn`) moves to its next step: `leaders` (each
    checked for revolt), `regions` (which go with the successor states), `provinces` (the revolts of the rest),
    `award` (the strongest state to the original player), `done`."""

    nation: str
    turn: int
    stage: str
    reason: str


class SuccessorStateFounded(_Event, frozen=True, tag="SuccessorStateFounded"):
    """[L8936-8941] a leader who revolted in a Dynastic Failure of `original` "form[s] an independent state
    wherever he is": the nation `nation` is founded with `founder` as its King (army number 1, with his troops).
    Its people are the original's: culture, tech level, religion, language, society, economy and military QRs; its
    government the GM's ruling; BL, Infra and the treasury start at 0 for the GM to set."""

    original: str
    nation: str
    name: str
    founder: str
    reason: str
    culture: Culture = "C"
    government: Government = "feudal_monarchy"
    geo_zone: str = ""
    tech_level: int = 1
    religion: str = ""
    language: str = ""
    societal_base: Society = "feudal"
    economic_base: Economy = "agrarian"
    cav_qr: int = 0
    inf_qr: int = 1
    warship_qr: int = 0
    siege_qr: int = 1
    hbz_origin: str | None = None


class RegionAccreted(_Event, frozen=True, tag="RegionAccreted"):
    """[L8941-8944] a region of `original` goes with the successor state `nation` at the status it had (with the
    cities of that region the original held); the original no longer holds them."""

    place: str
    original: str
    nation: str
    status: Status
    reason: str
    cities: tuple[str, ...] = ()


class DynastyAwarded(_Event, frozen=True, tag="DynastyAwarded"):
    """[L8952-8956] the GM gave the original player `nation`, the strongest of the successor states (or the source
    nation itself); the seats are the GM's to move."""

    original: str
    nation: str
    reason: str


ControlEvent = (
    PlaceCeded
    | SatrapyGranted
    | SatrapyEnded
    | SharingRecorded
    | PlaceOccupied
    | PlaceLiberated
    | OccupationEnded
    | PlaceRevolted
    | PlaceAssimilated
    | ConquestYearsAdvanced
    | SuccessorStatesRecorded
    | RegionSeized
    | DynasticFailureAdvanced
    | SuccessorStateFounded
    | RegionAccreted
    | DynastyAwarded
)
