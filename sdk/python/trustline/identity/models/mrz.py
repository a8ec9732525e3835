from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mrz_format import MRZFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mrz_checks import MRZChecks
    from ..models.mrz_corrections_item import MRZCorrectionsItem


T = TypeVar("T", bound="MRZ")


@_attrs_define
class MRZ:
    """
    Attributes:
        format_ (MRZFormat): ICAO 9303 TD1, TD2, TD3, MRV-A, MRV-B, and the French identity card issued before 2021
        lines (list[str]): the zone as read, after corrections
        checks (MRZChecks): check digits of the format by name: documentNumber, dateOfBirth, expiryDate, personalNumber,
            optionalData, composite
        valid (bool): every check digit is valid
        corrections (list[MRZCorrectionsItem]):
        warnings (list[str] | Unset): notes on the reading, each "field: message" or "line N: message": repaired line
            lengths, dates with unknown parts, names that may be truncated, and a documentType requested that the zone
            contradicts (documentType: id_card was requested, but the machine-readable zone reads passport (format TD3,
            document code P)); documentType then says what the zone reads, with confidence 0.5
    """

    format_: MRZFormat
    lines: list[str]
    checks: MRZChecks
    valid: bool
    corrections: list[MRZCorrectionsItem]
    warnings: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        lines = self.lines

        checks = self.checks.to_dict()

        valid = self.valid

        corrections = []
        for corrections_item_data in self.corrections:
            corrections_item = corrections_item_data.to_dict()
            corrections.append(corrections_item)

        warnings: list[str] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "lines": lines,
                "checks": checks,
                "valid": valid,
                "corrections": corrections,
            }
        )
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mrz_checks import MRZChecks
        from ..models.mrz_corrections_item import MRZCorrectionsItem

        d = dict(src_dict)
        format_ = MRZFormat(d.pop("format"))

        lines = cast(list[str], d.pop("lines"))

        checks = MRZChecks.from_dict(d.pop("checks"))

        valid = d.pop("valid")

        corrections = []
        _corrections = d.pop("corrections")
        for corrections_item_data in _corrections:
            corrections_item = MRZCorrectionsItem.from_dict(corrections_item_data)

            corrections.append(corrections_item)

        warnings = cast(list[str], d.pop("warnings", UNSET))

        mrz = cls(
            format_=format_,
            lines=lines,
            checks=checks,
            valid=valid,
            corrections=corrections,
            warnings=warnings,
        )

        mrz.additional_properties = d
        return mrz

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
