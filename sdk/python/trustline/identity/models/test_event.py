from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.test_event_event import TestEventEvent

if TYPE_CHECKING:
    from ..models.test_event_data import TestEventData


T = TypeVar("T", bound="TestEvent")


@_attrs_define
class TestEvent:
    """
    Attributes:
        event (TestEventEvent):
        api_version (str):  Example: 2026-11-01.
        id (str):
        created_at (datetime.datetime):
        data (TestEventData):
    """

    event: TestEventEvent
    api_version: str
    id: str
    created_at: datetime.datetime
    data: TestEventData
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
        from ..models.test_event_data import TestEventData

        d = dict(src_dict)
        event = TestEventEvent(d.pop("event"))

        api_version = d.pop("apiVersion")

        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        data = TestEventData.from_dict(d.pop("data"))

        test_event = cls(
            event=event,
            api_version=api_version,
            id=id,
            created_at=created_at,
            data=data,
        )

        test_event.additional_properties = d
        return test_event

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
