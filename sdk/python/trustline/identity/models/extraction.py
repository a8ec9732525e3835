from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type import DocumentType
from ..models.extraction_status import ExtractionStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extraction_error import ExtractionError
    from ..models.extraction_result import ExtractionResult


T = TypeVar("T", bound="Extraction")


@_attrs_define
class Extraction:
    """
    Attributes:
        extraction_id (str):
        status (ExtractionStatus): queued → processing → completed or failed
        document_type (DocumentType): auto: the type is told from the document's zone
        credits_used (int): 0 once a failed extraction's credit is given back
        livemode (bool): false when made with an sk_test_ key
        created_at (datetime.datetime):
        reference_id (str | Unset):
        batch_id (str | Unset):
        result (ExtractionResult | Unset): Present once completed: extractedData, globalConfidence and quality, and
            portrait when the page shows a face. On a failed extraction whose image could be decoded (mrz_not_found in
            particular), present with quality alone.
        completed_at (datetime.datetime | Unset):
        error (ExtractionError | Unset): present once failed
    """

    extraction_id: str
    status: ExtractionStatus
    document_type: DocumentType
    credits_used: int
    livemode: bool
    created_at: datetime.datetime
    reference_id: str | Unset = UNSET
    batch_id: str | Unset = UNSET
    result: ExtractionResult | Unset = UNSET
    completed_at: datetime.datetime | Unset = UNSET
    error: ExtractionError | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extraction_id = self.extraction_id

        status = self.status.value

        document_type = self.document_type.value

        credits_used = self.credits_used

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        reference_id = self.reference_id

        batch_id = self.batch_id

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        completed_at: str | Unset = UNSET
        if not isinstance(self.completed_at, Unset):
            completed_at = self.completed_at.isoformat()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extractionId": extraction_id,
                "status": status,
                "documentType": document_type,
                "creditsUsed": credits_used,
                "livemode": livemode,
                "createdAt": created_at,
            }
        )
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id
        if batch_id is not UNSET:
            field_dict["batchId"] = batch_id
        if result is not UNSET:
            field_dict["result"] = result
        if completed_at is not UNSET:
            field_dict["completedAt"] = completed_at
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extraction_error import ExtractionError
        from ..models.extraction_result import ExtractionResult

        d = dict(src_dict)
        extraction_id = d.pop("extractionId")

        status = ExtractionStatus(d.pop("status"))

        document_type = DocumentType(d.pop("documentType"))

        credits_used = d.pop("creditsUsed")

        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        reference_id = d.pop("referenceId", UNSET)

        batch_id = d.pop("batchId", UNSET)

        _result = d.pop("result", UNSET)
        result: ExtractionResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = ExtractionResult.from_dict(_result)

        _completed_at = d.pop("completedAt", UNSET)
        completed_at: datetime.datetime | Unset
        if isinstance(_completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = datetime.datetime.fromisoformat(_completed_at)

        _error = d.pop("error", UNSET)
        error: ExtractionError | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ExtractionError.from_dict(_error)

        extraction = cls(
            extraction_id=extraction_id,
            status=status,
            document_type=document_type,
            credits_used=credits_used,
            livemode=livemode,
            created_at=created_at,
            reference_id=reference_id,
            batch_id=batch_id,
            result=result,
            completed_at=completed_at,
            error=error,
        )

        extraction.additional_properties = d
        return extraction

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
