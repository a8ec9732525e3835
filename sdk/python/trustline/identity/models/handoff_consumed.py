from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_consumed_status import HandoffConsumedStatus

if TYPE_CHECKING:
    from ..models.handoff_consumed_file import HandoffConsumedFile


T = TypeVar("T", bound="HandoffConsumed")


@_attrs_define
class HandoffConsumed:
    """
    Attributes:
        session_id (str):
        status (HandoffConsumedStatus):
        file (HandoffConsumedFile):
        download_url (str): presigned storage address: GET it before downloadExpiresAt
        download_expires_at (datetime.datetime): 5 minutes after the call
    """

    session_id: str
    status: HandoffConsumedStatus
    file: HandoffConsumedFile
    download_url: str
    download_expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        status = self.status.value

        file = self.file.to_dict()

        download_url = self.download_url

        download_expires_at = self.download_expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sessionId": session_id,
                "status": status,
                "file": file,
                "downloadUrl": download_url,
                "downloadExpiresAt": download_expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.handoff_consumed_file import HandoffConsumedFile

        d = dict(src_dict)
        session_id = d.pop("sessionId")

        status = HandoffConsumedStatus(d.pop("status"))

        file = HandoffConsumedFile.from_dict(d.pop("file"))

        download_url = d.pop("downloadUrl")

        download_expires_at = datetime.datetime.fromisoformat(
            d.pop("downloadExpiresAt")
        )

        handoff_consumed = cls(
            session_id=session_id,
            status=status,
            file=file,
            download_url=download_url,
            download_expires_at=download_expires_at,
        )

        handoff_consumed.additional_properties = d
        return handoff_consumed

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
