from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="IssuedEventDataLiens")


@_attrs_define
class IssuedEventDataLiens:
    """
    Attributes:
        link_attestation (str | Unset):
        link_carte_brune (str | Unset):
    """

    link_attestation: str | Unset = UNSET
    link_carte_brune: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        link_attestation = self.link_attestation

        link_carte_brune = self.link_carte_brune

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if link_attestation is not UNSET:
            field_dict["linkAttestation"] = link_attestation
        if link_carte_brune is not UNSET:
            field_dict["linkCarteBrune"] = link_carte_brune

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        link_attestation = d.pop("linkAttestation", UNSET)

        link_carte_brune = d.pop("linkCarteBrune", UNSET)

        issued_event_data_liens = cls(
            link_attestation=link_attestation,
            link_carte_brune=link_carte_brune,
        )

        issued_event_data_liens.additional_properties = d
        return issued_event_data_liens

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
