from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VoyageContract")


@_attrs_define
class VoyageContract:
    """
    Attributes:
        cli_code (str):
        zn (str): travel zone code (reference/zones)
        duree (int): days
        effet (str):
        num_passport (str):
        dt_deliv (str):
        dt_expir (str):
        lieu_nais (str):
        lieu_depart (str): ISO 3166 alpha-2
        lieu_dest (str): ISO 3166 alpha-2
    """

    cli_code: str
    zn: str
    duree: int
    effet: str
    num_passport: str
    dt_deliv: str
    dt_expir: str
    lieu_nais: str
    lieu_depart: str
    lieu_dest: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cli_code = self.cli_code

        zn = self.zn

        duree = self.duree

        effet = self.effet

        num_passport = self.num_passport

        dt_deliv = self.dt_deliv

        dt_expir = self.dt_expir

        lieu_nais = self.lieu_nais

        lieu_depart = self.lieu_depart

        lieu_dest = self.lieu_dest

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cliCode": cli_code,
                "zn": zn,
                "duree": duree,
                "effet": effet,
                "numPassport": num_passport,
                "dtDeliv": dt_deliv,
                "dtExpir": dt_expir,
                "lieuNais": lieu_nais,
                "lieuDepart": lieu_depart,
                "lieuDest": lieu_dest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cli_code = d.pop("cliCode")

        zn = d.pop("zn")

        duree = d.pop("duree")

        effet = d.pop("effet")

        num_passport = d.pop("numPassport")

        dt_deliv = d.pop("dtDeliv")

        dt_expir = d.pop("dtExpir")

        lieu_nais = d.pop("lieuNais")

        lieu_depart = d.pop("lieuDepart")

        lieu_dest = d.pop("lieuDest")

        voyage_contract = cls(
            cli_code=cli_code,
            zn=zn,
            duree=duree,
            effet=effet,
            num_passport=num_passport,
            dt_deliv=dt_deliv,
            dt_expir=dt_expir,
            lieu_nais=lieu_nais,
            lieu_depart=lieu_depart,
            lieu_dest=lieu_dest,
        )

        voyage_contract.additional_properties = d
        return voyage_contract

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
