from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type import DocumentType
from ..types import UNSET, Unset

T = TypeVar("T", bound="VerificationRequestDocument")


@_attrs_define
class VerificationRequestDocument:
    """exactly one of uploadId, handoffSessionId and extractionId

    Attributes:
        upload_id (str | Unset):
        handoff_session_id (str | Unset):
        extraction_id (str | Unset):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
    """

    upload_id: str | Unset = UNSET
    handoff_session_id: str | Unset = UNSET
    extraction_id: str | Unset = UNSET
    document_type: DocumentType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        upload_id = self.upload_id

        handoff_session_id = self.handoff_session_id

        extraction_id = self.extraction_id

        document_type: str | Unset = UNSET
        if not isinstance(self.document_type, Unset):
            document_type = self.document_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if upload_id is not UNSET:
            field_dict["uploadId"] = upload_id
        if handoff_session_id is not UNSET:
            field_dict["handoffSessionId"] = handoff_session_id
        if extraction_id is not UNSET:
            field_dict["extractionId"] = extraction_id
        if document_type is not UNSET:
            field_dict["documentType"] = document_type

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        upload_id = d.pop("uploadId", UNSET)

        handoff_session_id = d.pop("handoffSessionId", UNSET)

        extraction_id = d.pop("extractionId", UNSET)

        _document_type = d.pop("documentType", UNSET)
        document_type: DocumentType | Unset
        if isinstance(_document_type, Unset):
            document_type = UNSET
        else:
            document_type = DocumentType(_document_type)

        verification_request_document = cls(
            upload_id=upload_id,
            handoff_session_id=handoff_session_id,
            extraction_id=extraction_id,
            document_type=document_type,
        )

        verification_request_document.additional_properties = d
        return verification_request_document

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
