from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_started_status import HandoffStartedStatus

if TYPE_CHECKING:
    from ..models.handoff_upload import HandoffUpload


T = TypeVar("T", bound="HandoffStarted")


@_attrs_define
class HandoffStarted:
    """
    Attributes:
        status (HandoffStartedStatus):
        upload (HandoffUpload): A presigned form POST straight to storage: send multipart/form-data to url with every
            field as given, then the file as the last part, named file; 1 to maxSize bytes, before expiresAt.
    """

    status: HandoffStartedStatus
    upload: HandoffUpload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        upload = self.upload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "upload": upload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.handoff_upload import HandoffUpload

        d = dict(src_dict)
        status = HandoffStartedStatus(d.pop("status"))

        upload = HandoffUpload.from_dict(d.pop("upload"))

        handoff_started = cls(
            status=status,
            upload=upload,
        )

        handoff_started.additional_properties = d
        return handoff_started

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
