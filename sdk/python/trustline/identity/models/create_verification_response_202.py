from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_verification_response_202_status import (
    CreateVerificationResponse202Status,
)

T = TypeVar("T", bound="CreateVerificationResponse202")


@_attrs_define
class CreateVerificationResponse202:
    """
    Attributes:
        verification_id (str): ver_…
        status (CreateVerificationResponse202Status):
    """

    verification_id: str
    status: CreateVerificationResponse202Status
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verification_id = self.verification_id

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verificationId": verification_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        verification_id = d.pop("verificationId")

        status = CreateVerificationResponse202Status(d.pop("status"))

        create_verification_response_202 = cls(
            verification_id=verification_id,
            status=status,
        )

        create_verification_response_202.additional_properties = d
        return create_verification_response_202

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
