from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.check_digit_reason import CheckDigitReason
from ..types import UNSET, Unset

T = TypeVar("T", bound="CheckDigit")


@_attrs_define
class CheckDigit:
    """valid is true when found is the digit computed over the field (expected), or a filler over a field made only of
    fillers, and the columns it covers were read rather than guessed; otherwise reason says why it is not valid.

        Attributes:
            valid (bool):
            expected (str): the digit computed over the field
            found (str): the character in the zone, after corrections
            reason (CheckDigitReason | Unset): only when valid is false. mismatch: found is not expected. unplaced: found
                agrees, but over columns where a character was missing or extra and the check digits could not tell which (the
                warning "a character is missing or extra in columns …" names them): other readings of those columns agree as
                well, so the agreement confirms none of them
    """

    valid: bool
    expected: str
    found: str
    reason: CheckDigitReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        valid = self.valid

        expected = self.expected

        found = self.found

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valid": valid,
                "expected": expected,
                "found": found,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        valid = d.pop("valid")

        expected = d.pop("expected")

        found = d.pop("found")

        _reason = d.pop("reason", UNSET)
        reason: CheckDigitReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = CheckDigitReason(_reason)

        check_digit = cls(
            valid=valid,
            expected=expected,
            found=found,
            reason=reason,
        )

        check_digit.additional_properties = d
        return check_digit

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
