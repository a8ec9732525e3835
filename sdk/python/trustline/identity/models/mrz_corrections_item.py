from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mrz_corrections_item_kind import MRZCorrectionsItemKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="MRZCorrectionsItem")


@_attrs_define
class MRZCorrectionsItem:
    """one character changed to read the zone

    Attributes:
        field (str): a field name, or a check name followed by Check for a check digit
        position (int): 0-based column in the line
        from_ (str):
        to (str):
        line (int | Unset): 0-based index in lines
        kind (MRZCorrectionsItemKind | Unset): numeric: a letter where only digits may stand; alphabetic: a digit where
            only letters may stand; checkDigit: a confusable character the check digits confirm; filler: a K or a stray
            digit in a name's trailing fillers; country: a letter of a country code outside ISO 3166 and ICAO's list,
            changed because exactly one OCR confusion (M/N, O/D/Q, U/V, E/F, C/G, I/L, B/R/P) makes it a known code (no
            check digit covers countries)
    """

    field: str
    position: int
    from_: str
    to: str
    line: int | Unset = UNSET
    kind: MRZCorrectionsItemKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        position = self.position

        from_ = self.from_

        to = self.to

        line = self.line

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "field": field,
                "position": position,
                "from": from_,
                "to": to,
            }
        )
        if line is not UNSET:
            field_dict["line"] = line
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        position = d.pop("position")

        from_ = d.pop("from")

        to = d.pop("to")

        line = d.pop("line", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: MRZCorrectionsItemKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = MRZCorrectionsItemKind(_kind)

        mrz_corrections_item = cls(
            field=field,
            position=position,
            from_=from_,
            to=to,
            line=line,
            kind=kind,
        )

        mrz_corrections_item.additional_properties = d
        return mrz_corrections_item

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
