from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extraction_event_event import ExtractionEventEvent

if TYPE_CHECKING:
    from ..models.extraction_event_data import ExtractionEventData


T = TypeVar("T", bound="ExtractionEvent")


@_attrs_define
class ExtractionEvent:
    """
    Attributes:
        event (ExtractionEventEvent):
        api_version (str):  Example: 2026-11-01.
        id (str): evt_…, the same in every delivery of the event
        created_at (datetime.datetime):
        data (ExtractionEventData):
    """

    event: ExtractionEventEvent
    api_version: str
    id: str
    created_at: datetime.datetime
    data: ExtractionEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        api_version = self.api_version

        id = self.id

        created_at = self.created_at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "apiVersion": api_version,
                "id": id,
                "createdAt": created_at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_event_data import ExtractionEventData

        d = dict(src_dict)
        event = ExtractionEventEvent(d.pop("event"))

        api_version = d.pop("apiVersion")

        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        data = ExtractionEventData.from_dict(d.pop("data"))

        extraction_event = cls(
            event=event,
            api_version=api_version,
            id=id,
            created_at=created_at,
            data=data,
        )

        extraction_event.additional_properties = d
        return extraction_event

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
