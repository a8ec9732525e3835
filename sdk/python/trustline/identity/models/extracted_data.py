from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extracted_data_rotation_applied import ExtractedDataRotationApplied
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.date_field import DateField
    from ..models.extracted_data_categories import ExtractedDataCategories
    from ..models.extracted_data_engine import ExtractedDataEngine
    from ..models.extracted_data_sex import ExtractedDataSex
    from ..models.field import Field
    from ..models.mrz import MRZ


T = TypeVar("T", bound="ExtractedData")


@_attrs_define
class ExtractedData:
    """The fields read from the document. Fields a document does not carry are absent; fields may be added.

    Attributes:
        document_type (Field):
        document_code (Field | Unset):
        issuing_country (Field | Unset):
        nationality (Field | Unset):
        surname (Field | Unset):
        given_names (Field | Unset):
        document_number (Field | Unset):
        date_of_birth (DateField | Unset):
        place_of_birth (Field | Unset):
        expiry_date (DateField | Unset):
        issue_date (DateField | Unset):
        issuing_authority (Field | Unset):
        sex (ExtractedDataSex | Unset):
        categories (ExtractedDataCategories | Unset): a driving licence's categories (field 9), in the order printed
        personal_number (Field | Unset):
        optional_data (Field | Unset):
        optional_data_1 (Field | Unset):
        optional_data_2 (Field | Unset):
        mrz (MRZ | Unset):
        expired (bool | Unset): the expiry date is in the past
        unknown_country_codes (list[str] | Unset): issuing-state codes outside ISO 3166 and ICAO, such as the specimens'
            UTO
        rotation_applied (ExtractedDataRotationApplied | Unset): degrees the image was turned to read it
        engine (ExtractedDataEngine | Unset):
    """

    document_type: Field
    document_code: Field | Unset = UNSET
    issuing_country: Field | Unset = UNSET
    nationality: Field | Unset = UNSET
    surname: Field | Unset = UNSET
    given_names: Field | Unset = UNSET
    document_number: Field | Unset = UNSET
    date_of_birth: DateField | Unset = UNSET
    place_of_birth: Field | Unset = UNSET
    expiry_date: DateField | Unset = UNSET
    issue_date: DateField | Unset = UNSET
    issuing_authority: Field | Unset = UNSET
    sex: ExtractedDataSex | Unset = UNSET
    categories: ExtractedDataCategories | Unset = UNSET
    personal_number: Field | Unset = UNSET
    optional_data: Field | Unset = UNSET
    optional_data_1: Field | Unset = UNSET
    optional_data_2: Field | Unset = UNSET
    mrz: MRZ | Unset = UNSET
    expired: bool | Unset = UNSET
    unknown_country_codes: list[str] | Unset = UNSET
    rotation_applied: ExtractedDataRotationApplied | Unset = UNSET
    engine: ExtractedDataEngine | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document_type = self.document_type.to_dict()

        document_code: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document_code, Unset):
            document_code = self.document_code.to_dict()

        issuing_country: dict[str, Any] | Unset = UNSET
        if not isinstance(self.issuing_country, Unset):
            issuing_country = self.issuing_country.to_dict()

        nationality: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nationality, Unset):
            nationality = self.nationality.to_dict()

        surname: dict[str, Any] | Unset = UNSET
        if not isinstance(self.surname, Unset):
            surname = self.surname.to_dict()

        given_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.given_names, Unset):
            given_names = self.given_names.to_dict()

        document_number: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document_number, Unset):
            document_number = self.document_number.to_dict()

        date_of_birth: dict[str, Any] | Unset = UNSET
        if not isinstance(self.date_of_birth, Unset):
            date_of_birth = self.date_of_birth.to_dict()

        place_of_birth: dict[str, Any] | Unset = UNSET
        if not isinstance(self.place_of_birth, Unset):
            place_of_birth = self.place_of_birth.to_dict()

        expiry_date: dict[str, Any] | Unset = UNSET
        if not isinstance(self.expiry_date, Unset):
            expiry_date = self.expiry_date.to_dict()

        issue_date: dict[str, Any] | Unset = UNSET
        if not isinstance(self.issue_date, Unset):
            issue_date = self.issue_date.to_dict()

        issuing_authority: dict[str, Any] | Unset = UNSET
        if not isinstance(self.issuing_authority, Unset):
            issuing_authority = self.issuing_authority.to_dict()

        sex: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sex, Unset):
            sex = self.sex.to_dict()

        categories: dict[str, Any] | Unset = UNSET
        if not isinstance(self.categories, Unset):
            categories = self.categories.to_dict()

        personal_number: dict[str, Any] | Unset = UNSET
        if not isinstance(self.personal_number, Unset):
            personal_number = self.personal_number.to_dict()

        optional_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.optional_data, Unset):
            optional_data = self.optional_data.to_dict()

        optional_data_1: dict[str, Any] | Unset = UNSET
        if not isinstance(self.optional_data_1, Unset):
            optional_data_1 = self.optional_data_1.to_dict()

        optional_data_2: dict[str, Any] | Unset = UNSET
        if not isinstance(self.optional_data_2, Unset):
            optional_data_2 = self.optional_data_2.to_dict()

        mrz: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mrz, Unset):
            mrz = self.mrz.to_dict()

        expired = self.expired

        unknown_country_codes: list[str] | Unset = UNSET
        if not isinstance(self.unknown_country_codes, Unset):
            unknown_country_codes = self.unknown_country_codes

        rotation_applied: int | Unset = UNSET
        if not isinstance(self.rotation_applied, Unset):
            rotation_applied = self.rotation_applied.value

        engine: dict[str, Any] | Unset = UNSET
        if not isinstance(self.engine, Unset):
            engine = self.engine.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "documentType": document_type,
            }
        )
        if document_code is not UNSET:
            field_dict["documentCode"] = document_code
        if issuing_country is not UNSET:
            field_dict["issuingCountry"] = issuing_country
        if nationality is not UNSET:
            field_dict["nationality"] = nationality
        if surname is not UNSET:
            field_dict["surname"] = surname
        if given_names is not UNSET:
            field_dict["givenNames"] = given_names
        if document_number is not UNSET:
            field_dict["documentNumber"] = document_number
        if date_of_birth is not UNSET:
            field_dict["dateOfBirth"] = date_of_birth
        if place_of_birth is not UNSET:
            field_dict["placeOfBirth"] = place_of_birth
        if expiry_date is not UNSET:
            field_dict["expiryDate"] = expiry_date
        if issue_date is not UNSET:
            field_dict["issueDate"] = issue_date
        if issuing_authority is not UNSET:
            field_dict["issuingAuthority"] = issuing_authority
        if sex is not UNSET:
            field_dict["sex"] = sex
        if categories is not UNSET:
            field_dict["categories"] = categories
        if personal_number is not UNSET:
            field_dict["personalNumber"] = personal_number
        if optional_data is not UNSET:
            field_dict["optionalData"] = optional_data
        if optional_data_1 is not UNSET:
            field_dict["optionalData1"] = optional_data_1
        if optional_data_2 is not UNSET:
            field_dict["optionalData2"] = optional_data_2
        if mrz is not UNSET:
            field_dict["mrz"] = mrz
        if expired is not UNSET:
            field_dict["expired"] = expired
        if unknown_country_codes is not UNSET:
            field_dict["unknownCountryCodes"] = unknown_country_codes
        if rotation_applied is not UNSET:
            field_dict["rotationApplied"] = rotation_applied
        if engine is not UNSET:
            field_dict["engine"] = engine

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.date_field import DateField
        from ..models.extracted_data_categories import ExtractedDataCategories
        from ..models.extracted_data_engine import ExtractedDataEngine
        from ..models.extracted_data_sex import ExtractedDataSex
        from ..models.field import Field
        from ..models.mrz import MRZ

        d = dict(src_dict)
        document_type = Field.from_dict(d.pop("documentType"))

        _document_code = d.pop("documentCode", UNSET)
        document_code: Field | Unset
        if isinstance(_document_code, Unset):
            document_code = UNSET
        else:
            document_code = Field.from_dict(_document_code)

        _issuing_country = d.pop("issuingCountry", UNSET)
        issuing_country: Field | Unset
        if isinstance(_issuing_country, Unset):
            issuing_country = UNSET
        else:
            issuing_country = Field.from_dict(_issuing_country)

        _nationality = d.pop("nationality", UNSET)
        nationality: Field | Unset
        if isinstance(_nationality, Unset):
            nationality = UNSET
        else:
            nationality = Field.from_dict(_nationality)

        _surname = d.pop("surname", UNSET)
        surname: Field | Unset
        if isinstance(_surname, Unset):
            surname = UNSET
        else:
            surname = Field.from_dict(_surname)

        _given_names = d.pop("givenNames", UNSET)
        given_names: Field | Unset
        if isinstance(_given_names, Unset):
            given_names = UNSET
        else:
            given_names = Field.from_dict(_given_names)

        _document_number = d.pop("documentNumber", UNSET)
        document_number: Field | Unset
        if isinstance(_document_number, Unset):
            document_number = UNSET
        else:
            document_number = Field.from_dict(_document_number)

        _date_of_birth = d.pop("dateOfBirth", UNSET)
        date_of_birth: DateField | Unset
        if isinstance(_date_of_birth, Unset):
            date_of_birth = UNSET
        else:
            date_of_birth = DateField.from_dict(_date_of_birth)

        _place_of_birth = d.pop("placeOfBirth", UNSET)
        place_of_birth: Field | Unset
        if isinstance(_place_of_birth, Unset):
            place_of_birth = UNSET
        else:
            place_of_birth = Field.from_dict(_place_of_birth)

        _expiry_date = d.pop("expiryDate", UNSET)
        expiry_date: DateField | Unset
        if isinstance(_expiry_date, Unset):
            expiry_date = UNSET
        else:
            expiry_date = DateField.from_dict(_expiry_date)

        _issue_date = d.pop("issueDate", UNSET)
        issue_date: DateField | Unset
        if isinstance(_issue_date, Unset):
            issue_date = UNSET
        else:
            issue_date = DateField.from_dict(_issue_date)

        _issuing_authority = d.pop("issuingAuthority", UNSET)
        issuing_authority: Field | Unset
        if isinstance(_issuing_authority, Unset):
            issuing_authority = UNSET
        else:
            issuing_authority = Field.from_dict(_issuing_authority)

        _sex = d.pop("sex", UNSET)
        sex: ExtractedDataSex | Unset
        if isinstance(_sex, Unset):
            sex = UNSET
        else:
            sex = ExtractedDataSex.from_dict(_sex)

        _categories = d.pop("categories", UNSET)
        categories: ExtractedDataCategories | Unset
        if isinstance(_categories, Unset):
            categories = UNSET
        else:
            categories = ExtractedDataCategories.from_dict(_categories)

        _personal_number = d.pop("personalNumber", UNSET)
        personal_number: Field | Unset
        if isinstance(_personal_number, Unset):
            personal_number = UNSET
        else:
            personal_number = Field.from_dict(_personal_number)

        _optional_data = d.pop("optionalData", UNSET)
        optional_data: Field | Unset
        if isinstance(_optional_data, Unset):
            optional_data = UNSET
        else:
            optional_data = Field.from_dict(_optional_data)

        _optional_data_1 = d.pop("optionalData1", UNSET)
        optional_data_1: Field | Unset
        if isinstance(_optional_data_1, Unset):
            optional_data_1 = UNSET
        else:
            optional_data_1 = Field.from_dict(_optional_data_1)

        _optional_data_2 = d.pop("optionalData2", UNSET)
        optional_data_2: Field | Unset
        if isinstance(_optional_data_2, Unset):
            optional_data_2 = UNSET
        else:
            optional_data_2 = Field.from_dict(_optional_data_2)

        _mrz = d.pop("mrz", UNSET)
        mrz: MRZ | Unset
        if isinstance(_mrz, Unset):
            mrz = UNSET
        else:
            mrz = MRZ.from_dict(_mrz)

        expired = d.pop("expired", UNSET)

        unknown_country_codes = cast(list[str], d.pop("unknownCountryCodes", UNSET))

        _rotation_applied = d.pop("rotationApplied", UNSET)
        rotation_applied: ExtractedDataRotationApplied | Unset
        if isinstance(_rotation_applied, Unset):
            rotation_applied = UNSET
        else:
            rotation_applied = ExtractedDataRotationApplied(_rotation_applied)

        _engine = d.pop("engine", UNSET)
        engine: ExtractedDataEngine | Unset
        if isinstance(_engine, Unset):
            engine = UNSET
        else:
            engine = ExtractedDataEngine.from_dict(_engine)

        extracted_data = cls(
            document_type=document_type,
            document_code=document_code,
            issuing_country=issuing_country,
            nationality=nationality,
            surname=surname,
            given_names=given_names,
            document_number=document_number,
            date_of_birth=date_of_birth,
            place_of_birth=place_of_birth,
            expiry_date=expiry_date,
            issue_date=issue_date,
            issuing_authority=issuing_authority,
            sex=sex,
            categories=categories,
            personal_number=personal_number,
            optional_data=optional_data,
            optional_data_1=optional_data_1,
            optional_data_2=optional_data_2,
            mrz=mrz,
            expired=expired,
            unknown_country_codes=unknown_country_codes,
            rotation_applied=rotation_applied,
            engine=engine,
        )

        extracted_data.additional_properties = d
        return extracted_data

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
