from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issuance_failed_event_data_issuance_status import (
    IssuanceFailedEventDataIssuanceStatus,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="IssuanceFailedEventData")


@_attrs_define
class IssuanceFailedEventData:
    """
    Attributes:
        issuance_status (IssuanceFailedEventDataIssuanceStatus | Unset):
        error (str | Unset):
    """

    issuance_status: IssuanceFailedEventDataIssuanceStatus | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        issuance_status: str | Unset = UNSET
        if not isinstance(self.issuance_status, Unset):
            issuance_status = self.issuance_status.value

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if issuance_status is not UNSET:
            field_dict["issuanceStatus"] = issuance_status
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _issuance_status = d.pop("issuanceStatus", UNSET)
        issuance_status: IssuanceFailedEventDataIssuanceStatus | Unset
        if isinstance(_issuance_status, Unset):
            issuance_status = UNSET
        else:
            issuance_status = IssuanceFailedEventDataIssuanceStatus(_issuance_status)

        error = d.pop("error", UNSET)

        issuance_failed_event_data = cls(
            issuance_status=issuance_status,
            error=error,
        )

        issuance_failed_event_data.additional_properties = d
        return issuance_failed_event_data

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
