from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_upload_method import HandoffUploadMethod

if TYPE_CHECKING:
    from ..models.handoff_upload_fields import HandoffUploadFields


T = TypeVar("T", bound="HandoffUpload")


@_attrs_define
class HandoffUpload:
    """A presigned form POST straight to storage: send multipart/form-data to url with every field as given, then the file
    as the last part, named file; 1 to maxSize bytes, before expiresAt.

        Attributes:
            method (HandoffUploadMethod):
            url (str):
            fields (HandoffUploadFields):
            max_size (int): bytes
            expires_at (datetime.datetime): the end of the upload window: 5 minutes after this upload was handed out, at
                most the session's expiry
    """

    method: HandoffUploadMethod
    url: str
    fields: HandoffUploadFields
    max_size: int
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        url = self.url

        fields = self.fields.to_dict()

        max_size = self.max_size

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "method": method,
                "url": url,
                "fields": fields,
                "maxSize": max_size,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.handoff_upload_fields import HandoffUploadFields

        d = dict(src_dict)
        method = HandoffUploadMethod(d.pop("method"))

        url = d.pop("url")

        fields = HandoffUploadFields.from_dict(d.pop("fields"))

        max_size = d.pop("maxSize")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        handoff_upload = cls(
            method=method,
            url=url,
            fields=fields,
            max_size=max_size,
            expires_at=expires_at,
        )

        handoff_upload.additional_properties = d
        return handoff_upload

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
