from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.endpoint_request_mode import EndpointRequestMode
from ..models.webhook_event import WebhookEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndpointRequest")


@_attrs_define
class EndpointRequest:
    """
    Attributes:
        url (str): https on an allowed port (WEBHOOK_ALLOWED_PORTS, 443 and 8443 by default), resolving to public
            addresses only
        events (list[WebhookEvent]):
        mode (EndpointRequestMode | Unset): Login sessions only (default live). An API key creates endpoints of its own
            mode; naming the other mode is 403.
    """

    url: str
    events: list[WebhookEvent]
    mode: EndpointRequestMode | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEvent(events_item_data)

            events.append(events_item)

        _mode = d.pop("mode", UNSET)
        mode: EndpointRequestMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = EndpointRequestMode(_mode)

        endpoint_request = cls(
            url=url,
            events=events,
            mode=mode,
        )

        endpoint_request.additional_properties = d
        return endpoint_request

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
