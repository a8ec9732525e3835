from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.create_verification_files_body_policy import (
    CreateVerificationFilesBodyPolicy,
)
from ..models.document_type import DocumentType
from ..types import UNSET, File, FileTypes, Unset

T = TypeVar("T", bound="CreateVerificationFilesBody")


@_attrs_define
class CreateVerificationFilesBody:
    """
    Attributes:
        document (File): the document page: JPEG, PNG, WebP or PDF (by content)
        selfie (File | Unset): JPEG, PNG or WebP (by content)
        applicant (str | Unset): a JSON object as text: the VerificationApplicant
        minimum_age (str | Unset): years, 0 to 130
        reference_id (str | Unset):
        policy (CreateVerificationFilesBodyPolicy | Unset): standard when absent
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
    """

    document: File
    selfie: File | Unset = UNSET
    applicant: str | Unset = UNSET
    minimum_age: str | Unset = UNSET
    reference_id: str | Unset = UNSET
    policy: CreateVerificationFilesBodyPolicy | Unset = UNSET
    document_type: DocumentType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document.to_tuple()

        selfie: FileTypes | Unset = UNSET
        if not isinstance(self.selfie, Unset):
            selfie = self.selfie.to_tuple()

        applicant = self.applicant

        minimum_age = self.minimum_age

        reference_id = self.reference_id

        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value

        document_type: str | Unset = UNSET
        if not isinstance(self.document_type, Unset):
            document_type = self.document_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
            }
        )
        if selfie is not UNSET:
            field_dict["selfie"] = selfie
        if applicant is not UNSET:
            field_dict["applicant"] = applicant
        if minimum_age is not UNSET:
            field_dict["minimumAge"] = minimum_age
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id
        if policy is not UNSET:
            field_dict["policy"] = policy
        if document_type is not UNSET:
            field_dict["documentType"] = document_type

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("document", self.document.to_tuple()))

        if not isinstance(self.selfie, Unset):
            files.append(("selfie", self.selfie.to_tuple()))

        if not isinstance(self.applicant, Unset):
            files.append(
                ("applicant", (None, str(self.applicant).encode(), "text/plain"))
            )

        if not isinstance(self.minimum_age, Unset):
            files.append(
                ("minimumAge", (None, str(self.minimum_age).encode(), "text/plain"))
            )

        if not isinstance(self.reference_id, Unset):
            files.append(
                ("referenceId", (None, str(self.reference_id).encode(), "text/plain"))
            )

        if not isinstance(self.policy, Unset):
            files.append(
                ("policy", (None, str(self.policy.value).encode(), "text/plain"))
            )

        if not isinstance(self.document_type, Unset):
            files.append(
                (
                    "documentType",
                    (None, str(self.document_type.value).encode(), "text/plain"),
                )
            )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document = File(payload=BytesIO(d.pop("document")))

        _selfie = d.pop("selfie", UNSET)
        selfie: File | Unset
        if isinstance(_selfie, Unset):
            selfie = UNSET
        else:
            selfie = File(payload=BytesIO(_selfie))

        applicant = d.pop("applicant", UNSET)

        minimum_age = d.pop("minimumAge", UNSET)

        reference_id = d.pop("referenceId", UNSET)

        _policy = d.pop("policy", UNSET)
        policy: CreateVerificationFilesBodyPolicy | Unset
        if isinstance(_policy, Unset):
            policy = UNSET
        else:
            policy = CreateVerificationFilesBodyPolicy(_policy)

        _document_type = d.pop("documentType", UNSET)
        document_type: DocumentType | Unset
        if isinstance(_document_type, Unset):
            document_type = UNSET
        else:
            document_type = DocumentType(_document_type)

        create_verification_files_body = cls(
            document=document,
            selfie=selfie,
            applicant=applicant,
            minimum_age=minimum_age,
            reference_id=reference_id,
            policy=policy,
            document_type=document_type,
        )

        create_verification_files_body.additional_properties = d
        return create_verification_files_body

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
