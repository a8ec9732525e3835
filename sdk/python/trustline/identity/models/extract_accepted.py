from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extract_accepted_status import ExtractAcceptedStatus

T = TypeVar("T", bound="ExtractAccepted")


@_attrs_define
class ExtractAccepted:
    """
    Attributes:
        extraction_id (str):
        status (ExtractAcceptedStatus):
    """

    extraction_id: str
    status: ExtractAcceptedStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extraction_id = self.extraction_id

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extractionId": extraction_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        extraction_id = d.pop("extractionId")

        status = ExtractAcceptedStatus(d.pop("status"))

        extract_accepted = cls(
            extraction_id=extraction_id,
            status=status,
        )

        extract_accepted.additional_properties = d
        return extract_accepted

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
