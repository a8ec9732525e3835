from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.request_password_reset_response_202_status import (
    RequestPasswordResetResponse202Status,
)

T = TypeVar("T", bound="RequestPasswordResetResponse202")


@_attrs_define
class RequestPasswordResetResponse202:
    """
    Attributes:
        status (RequestPasswordResetResponse202Status):
        detail (str):
    """

    status: RequestPasswordResetResponse202Status
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = RequestPasswordResetResponse202Status(d.pop("status"))

        detail = d.pop("detail")

        request_password_reset_response_202 = cls(
            status=status,
            detail=detail,
        )

        request_password_reset_response_202.additional_properties = d
        return request_password_reset_response_202

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
