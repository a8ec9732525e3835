from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExtractionError")


@_attrs_define
class ExtractionError:
    """present once failed

    Attributes:
        code (str): mrz_not_found (no machine-readable zone could be read, and for documentType auto the page does not
            read as a driving licence either), licence_not_read (documentType driving_licence: neither a licence's numbered
            fields nor an MRZ could be read), unreadable_file (damaged or truncated, or refused by the OCR engine),
            image_too_large (over the pixel bound or 16 bits per channel, or over the OCR engine's limits), image_too_costly
            (over the decoding budget), document_missing (the file's retention expired before it was read),
            processing_abandoned (every delivery failed, or two attempts were killed by a crash or a time-out: the job is
            quarantined, not retried); more may be added
        message (str):
    """

    code: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        extraction_error = cls(
            code=code,
            message=message,
        )

        extraction_error.additional_properties = d
        return extraction_error

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
