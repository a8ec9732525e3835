from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_webhook_changes_response_200_data_item_by_role import (
    ListWebhookChangesResponse200DataItemByRole,
)
from ..models.list_webhook_changes_response_200_data_item_by_type import (
    ListWebhookChangesResponse200DataItemByType,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListWebhookChangesResponse200DataItemBy")


@_attrs_define
class ListWebhookChangesResponse200DataItemBy:
    """
    Attributes:
        type_ (ListWebhookChangesResponse200DataItemByType):
        role (ListWebhookChangesResponse200DataItemByRole):
        key_id (str | Unset): The API key that made the change (type key)
    """

    type_: ListWebhookChangesResponse200DataItemByType
    role: ListWebhookChangesResponse200DataItemByRole
    key_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        role = self.role.value

        key_id = self.key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "role": role,
            }
        )
        if key_id is not UNSET:
            field_dict["keyId"] = key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = ListWebhookChangesResponse200DataItemByType(d.pop("type"))

        role = ListWebhookChangesResponse200DataItemByRole(d.pop("role"))

        key_id = d.pop("keyId", UNSET)

        list_webhook_changes_response_200_data_item_by = cls(
            type_=type_,
            role=role,
            key_id=key_id,
        )

        list_webhook_changes_response_200_data_item_by.additional_properties = d
        return list_webhook_changes_response_200_data_item_by

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
