from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issued_event_data_status import IssuedEventDataStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.issued_event_data_liens import IssuedEventDataLiens


T = TypeVar("T", bound="IssuedEventData")


@_attrs_define
class IssuedEventData:
    """
    Attributes:
        contract_id (str | Unset):
        numero_police (str | Unset):
        numero_facture (str | Unset):
        status (IssuedEventDataStatus | Unset):
        liens (IssuedEventDataLiens | Unset):
    """

    contract_id: str | Unset = UNSET
    numero_police: str | Unset = UNSET
    numero_facture: str | Unset = UNSET
    status: IssuedEventDataStatus | Unset = UNSET
    liens: IssuedEventDataLiens | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contract_id = self.contract_id

        numero_police = self.numero_police

        numero_facture = self.numero_facture

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        liens: dict[str, Any] | Unset = UNSET
        if not isinstance(self.liens, Unset):
            liens = self.liens.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if contract_id is not UNSET:
            field_dict["contractId"] = contract_id
        if numero_police is not UNSET:
            field_dict["numeroPolice"] = numero_police
        if numero_facture is not UNSET:
            field_dict["numeroFacture"] = numero_facture
        if status is not UNSET:
            field_dict["status"] = status
        if liens is not UNSET:
            field_dict["liens"] = liens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.issued_event_data_liens import IssuedEventDataLiens

        d = dict(src_dict)
        contract_id = d.pop("contractId", UNSET)

        numero_police = d.pop("numeroPolice", UNSET)

        numero_facture = d.pop("numeroFacture", UNSET)

        _status = d.pop("status", UNSET)
        status: IssuedEventDataStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = IssuedEventDataStatus(_status)

        _liens = d.pop("liens", UNSET)
        liens: IssuedEventDataLiens | Unset
        if isinstance(_liens, Unset):
            liens = UNSET
        else:
            liens = IssuedEventDataLiens.from_dict(_liens)

        issued_event_data = cls(
            contract_id=contract_id,
            numero_police=numero_police,
            numero_facture=numero_facture,
            status=status,
            liens=liens,
        )

        issued_event_data.additional_properties = d
        return issued_event_data

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
