from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type import DocumentType
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchRequestDocumentsItem")


@_attrs_define
class BatchRequestDocumentsItem:
    """exactly one of uploadId and handoffSessionId

    Attributes:
        document_type (DocumentType): auto: the type is told from the document's zone
        upload_id (str | Unset): from POST /v1/uploads, after the file was uploaded
        handoff_session_id (str | Unset): a mobile handoff session (hs_…) whose file is ready, or that the caller
            consumed already
        reference_id (str | Unset):
    """

    document_type: DocumentType
    upload_id: str | Unset = UNSET
    handoff_session_id: str | Unset = UNSET
    reference_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document_type = self.document_type.value

        upload_id = self.upload_id

        handoff_session_id = self.handoff_session_id

        reference_id = self.reference_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "documentType": document_type,
            }
        )
        if upload_id is not UNSET:
            field_dict["uploadId"] = upload_id
        if handoff_session_id is not UNSET:
            field_dict["handoffSessionId"] = handoff_session_id
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_type = DocumentType(d.pop("documentType"))

        upload_id = d.pop("uploadId", UNSET)

        handoff_session_id = d.pop("handoffSessionId", UNSET)

        reference_id = d.pop("referenceId", UNSET)

        batch_request_documents_item = cls(
            document_type=document_type,
            upload_id=upload_id,
            handoff_session_id=handoff_session_id,
            reference_id=reference_id,
        )

        batch_request_documents_item.additional_properties = d
        return batch_request_documents_item

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
