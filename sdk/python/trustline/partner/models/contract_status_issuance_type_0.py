from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contract_status_issuance_type_0_liens import (
        ContractStatusIssuanceType0Liens,
    )


T = TypeVar("T", bound="ContractStatusIssuanceType0")


@_attrs_define
class ContractStatusIssuanceType0:
    """
    Attributes:
        contract_id (str | Unset):
        numero_police (str | Unset):
        numero_facture (str | Unset):
        liens (ContractStatusIssuanceType0Liens | Unset):
        error_code (str | Unset):
        error (str | Unset):
    """

    contract_id: str | Unset = UNSET
    numero_police: str | Unset = UNSET
    numero_facture: str | Unset = UNSET
    liens: ContractStatusIssuanceType0Liens | Unset = UNSET
    error_code: str | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contract_id = self.contract_id

        numero_police = self.numero_police

        numero_facture = self.numero_facture

        liens: dict[str, Any] | Unset = UNSET
        if not isinstance(self.liens, Unset):
            liens = self.liens.to_dict()

        error_code = self.error_code

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if contract_id is not UNSET:
            field_dict["contractId"] = contract_id
        if numero_police is not UNSET:
            field_dict["numeroPolice"] = numero_police
        if numero_facture is not UNSET:
            field_dict["numeroFacture"] = numero_facture
        if liens is not UNSET:
            field_dict["liens"] = liens
        if error_code is not UNSET:
            field_dict["errorCode"] = error_code
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_status_issuance_type_0_liens import (
            ContractStatusIssuanceType0Liens,
        )

        d = dict(src_dict)
        contract_id = d.pop("contractId", UNSET)

        numero_police = d.pop("numeroPolice", UNSET)

        numero_facture = d.pop("numeroFacture", UNSET)

        _liens = d.pop("liens", UNSET)
        liens: ContractStatusIssuanceType0Liens | Unset
        if isinstance(_liens, Unset):
            liens = UNSET
        else:
            liens = ContractStatusIssuanceType0Liens.from_dict(_liens)

        error_code = d.pop("errorCode", UNSET)

        error = d.pop("error", UNSET)

        contract_status_issuance_type_0 = cls(
            contract_id=contract_id,
            numero_police=numero_police,
            numero_facture=numero_facture,
            liens=liens,
            error_code=error_code,
            error=error,
        )

        contract_status_issuance_type_0.additional_properties = d
        return contract_status_issuance_type_0

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
