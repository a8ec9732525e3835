from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type import DocumentType
from ..models.extraction_event_data_status import ExtractionEventDataStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extraction_error import ExtractionError
    from ..models.extraction_result import ExtractionResult


T = TypeVar("T", bound="ExtractionEventData")


@_attrs_define
class ExtractionEventData:
    """
    Attributes:
        extraction_id (str):
        status (ExtractionEventDataStatus):
        document_type (DocumentType | Unset): auto: the type is told from the document's zone
        credits_used (int | Unset):
        result (ExtractionResult | Unset): Present once completed: extractedData, globalConfidence and quality, and
            portrait when the page shows a face. On a failed extraction whose image could be decoded (mrz_not_found in
            particular), present with quality alone.
        error (ExtractionError | Unset): present once failed
        reference_id (str | Unset):
        batch_id (str | Unset):
    """

    extraction_id: str
    status: ExtractionEventDataStatus
    document_type: DocumentType | Unset = UNSET
    credits_used: int | Unset = UNSET
    result: ExtractionResult | Unset = UNSET
    error: ExtractionError | Unset = UNSET
    reference_id: str | Unset = UNSET
    batch_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extraction_id = self.extraction_id

        status = self.status.value

        document_type: str | Unset = UNSET
        if not isinstance(self.document_type, Unset):
            document_type = self.document_type.value

        credits_used = self.credits_used

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        reference_id = self.reference_id

        batch_id = self.batch_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extractionId": extraction_id,
                "status": status,
            }
        )
        if document_type is not UNSET:
            field_dict["documentType"] = document_type
        if credits_used is not UNSET:
            field_dict["creditsUsed"] = credits_used
        if result is not UNSET:
            field_dict["result"] = result
        if error is not UNSET:
            field_dict["error"] = error
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id
        if batch_id is not UNSET:
            field_dict["batchId"] = batch_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_error import ExtractionError
        from ..models.extraction_result import ExtractionResult

        d = dict(src_dict)
        extraction_id = d.pop("extractionId")

        status = ExtractionEventDataStatus(d.pop("status"))

        _document_type = d.pop("documentType", UNSET)
        document_type: DocumentType | Unset
        if isinstance(_document_type, Unset):
            document_type = UNSET
        else:
            document_type = DocumentType(_document_type)

        credits_used = d.pop("creditsUsed", UNSET)

        _result = d.pop("result", UNSET)
        result: ExtractionResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = ExtractionResult.from_dict(_result)

        _error = d.pop("error", UNSET)
        error: ExtractionError | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ExtractionError.from_dict(_error)

        reference_id = d.pop("referenceId", UNSET)

        batch_id = d.pop("batchId", UNSET)

        extraction_event_data = cls(
            extraction_id=extraction_id,
            status=status,
            document_type=document_type,
            credits_used=credits_used,
            result=result,
            error=error,
            reference_id=reference_id,
            batch_id=batch_id,
        )

        extraction_event_data.additional_properties = d
        return extraction_event_data

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
