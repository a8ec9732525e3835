from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VerificationApplicant")


@_attrs_define
class VerificationApplicant:
    """what you know of the person; the fields given are compared with the document

    Attributes:
        given_names (str | Unset):
        surname (str | Unset):
        date_of_birth (datetime.date | Unset):
        document_number (str | Unset):
        nationality (str | Unset): ICAO code, or as printed
    """

    given_names: str | Unset = UNSET
    surname: str | Unset = UNSET
    date_of_birth: datetime.date | Unset = UNSET
    document_number: str | Unset = UNSET
    nationality: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        given_names = self.given_names

        surname = self.surname

        date_of_birth: str | Unset = UNSET
        if not isinstance(self.date_of_birth, Unset):
            date_of_birth = self.date_of_birth.isoformat()

        document_number = self.document_number

        nationality = self.nationality

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if given_names is not UNSET:
            field_dict["givenNames"] = given_names
        if surname is not UNSET:
            field_dict["surname"] = surname
        if date_of_birth is not UNSET:
            field_dict["dateOfBirth"] = date_of_birth
        if document_number is not UNSET:
            field_dict["documentNumber"] = document_number
        if nationality is not UNSET:
            field_dict["nationality"] = nationality

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        given_names = d.pop("givenNames", UNSET)

        surname = d.pop("surname", UNSET)

        _date_of_birth = d.pop("dateOfBirth", UNSET)
        date_of_birth: datetime.date | Unset
        if isinstance(_date_of_birth, Unset):
            date_of_birth = UNSET
        else:
            date_of_birth = datetime.date.fromisoformat(_date_of_birth)

        document_number = d.pop("documentNumber", UNSET)

        nationality = d.pop("nationality", UNSET)

        verification_applicant = cls(
            given_names=given_names,
            surname=surname,
            date_of_birth=date_of_birth,
            document_number=document_number,
            nationality=nationality,
        )

        verification_applicant.additional_properties = d
        return verification_applicant

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
