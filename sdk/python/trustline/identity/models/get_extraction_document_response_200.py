from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_extraction_document_response_200_content_type import (
    GetExtractionDocumentResponse200ContentType,
)

T = TypeVar("T", bound="GetExtractionDocumentResponse200")


@_attrs_define
class GetExtractionDocumentResponse200:
    """
    Attributes:
        url (str): presigned GET of the file, valid until expiresAt
        expires_at (datetime.datetime): 5 minutes after the answer
        content_type (GetExtractionDocumentResponse200ContentType):
    """

    url: str
    expires_at: datetime.datetime
    content_type: GetExtractionDocumentResponse200ContentType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        expires_at = self.expires_at.isoformat()

        content_type = self.content_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "expiresAt": expires_at,
                "contentType": content_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        content_type = GetExtractionDocumentResponse200ContentType(d.pop("contentType"))

        get_extraction_document_response_200 = cls(
            url=url,
            expires_at=expires_at,
            content_type=content_type,
        )

        get_extraction_document_response_200.additional_properties = d
        return get_extraction_document_response_200

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
