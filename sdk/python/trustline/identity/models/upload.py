from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.upload_method import UploadMethod

if TYPE_CHECKING:
    from ..models.upload_headers import UploadHeaders


T = TypeVar("T", bound="Upload")


@_attrs_define
class Upload:
    """
    Attributes:
        upload_id (str):
        upload_url (str): presigned storage address
        method (UploadMethod):
        headers (UploadHeaders): headers the upload must carry, as given
        expires_at (datetime.datetime):
        max_size (int): bytes
    """

    upload_id: str
    upload_url: str
    method: UploadMethod
    headers: UploadHeaders
    expires_at: datetime.datetime
    max_size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        upload_id = self.upload_id

        upload_url = self.upload_url

        method = self.method.value

        headers = self.headers.to_dict()

        expires_at = self.expires_at.isoformat()

        max_size = self.max_size

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uploadId": upload_id,
                "uploadUrl": upload_url,
                "method": method,
                "headers": headers,
                "expiresAt": expires_at,
                "maxSize": max_size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.upload_headers import UploadHeaders

        d = dict(src_dict)
        upload_id = d.pop("uploadId")

        upload_url = d.pop("uploadUrl")

        method = UploadMethod(d.pop("method"))

        headers = UploadHeaders.from_dict(d.pop("headers"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        max_size = d.pop("maxSize")

        upload = cls(
            upload_id=upload_id,
            upload_url=upload_url,
            method=method,
            headers=headers,
            expires_at=expires_at,
            max_size=max_size,
        )

        upload.additional_properties = d
        return upload

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
