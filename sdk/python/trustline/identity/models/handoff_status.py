from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_file_type import HandoffFileType
from ..models.handoff_state import HandoffState
from ..types import UNSET, Unset

T = TypeVar("T", bound="HandoffStatus")


@_attrs_define
class HandoffStatus:
    """
    Attributes:
        session_id (str):
        status (HandoffState): created → uploading (an upload started) → ready (the file is in storage) → consumed
            (taken once by an API caller); a session not consumed by expiresAt is expired.
        expires_at (datetime.datetime):
        file_name (str | Unset): the name the file was sent under; absent when none was given
        file_size (int | Unset): bytes; present once the file is stored
        file_type (HandoffFileType | Unset): recognised by the file's content
        uploaded_at (datetime.datetime | Unset): present once the file is stored
    """

    session_id: str
    status: HandoffState
    expires_at: datetime.datetime
    file_name: str | Unset = UNSET
    file_size: int | Unset = UNSET
    file_type: HandoffFileType | Unset = UNSET
    uploaded_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        status = self.status.value

        expires_at = self.expires_at.isoformat()

        file_name = self.file_name

        file_size = self.file_size

        file_type: str | Unset = UNSET
        if not isinstance(self.file_type, Unset):
            file_type = self.file_type.value

        uploaded_at: str | Unset = UNSET
        if not isinstance(self.uploaded_at, Unset):
            uploaded_at = self.uploaded_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sessionId": session_id,
                "status": status,
                "expiresAt": expires_at,
            }
        )
        if file_name is not UNSET:
            field_dict["fileName"] = file_name
        if file_size is not UNSET:
            field_dict["fileSize"] = file_size
        if file_type is not UNSET:
            field_dict["fileType"] = file_type
        if uploaded_at is not UNSET:
            field_dict["uploadedAt"] = uploaded_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        session_id = d.pop("sessionId")

        status = HandoffState(d.pop("status"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        file_name = d.pop("fileName", UNSET)

        file_size = d.pop("fileSize", UNSET)

        _file_type = d.pop("fileType", UNSET)
        file_type: HandoffFileType | Unset
        if isinstance(_file_type, Unset):
            file_type = UNSET
        else:
            file_type = HandoffFileType(_file_type)

        _uploaded_at = d.pop("uploadedAt", UNSET)
        uploaded_at: datetime.datetime | Unset
        if isinstance(_uploaded_at, Unset):
            uploaded_at = UNSET
        else:
            uploaded_at = datetime.datetime.fromisoformat(_uploaded_at)

        handoff_status = cls(
            session_id=session_id,
            status=status,
            expires_at=expires_at,
            file_name=file_name,
            file_size=file_size,
            file_type=file_type,
            uploaded_at=uploaded_at,
        )

        handoff_status.additional_properties = d
        return handoff_status

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
