from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VerificationRequestSelfie")


@_attrs_define
class VerificationRequestSelfie:
    """exactly one of uploadId and handoffSessionId

    Attributes:
        upload_id (str | Unset):
        handoff_session_id (str | Unset):
    """

    upload_id: str | Unset = UNSET
    handoff_session_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        upload_id = self.upload_id

        handoff_session_id = self.handoff_session_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if upload_id is not UNSET:
            field_dict["uploadId"] = upload_id
        if handoff_session_id is not UNSET:
            field_dict["handoffSessionId"] = handoff_session_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        upload_id = d.pop("uploadId", UNSET)

        handoff_session_id = d.pop("handoffSessionId", UNSET)

        verification_request_selfie = cls(
            upload_id=upload_id,
            handoff_session_id=handoff_session_id,
        )

        verification_request_selfie.additional_properties = d
        return verification_request_selfie

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
