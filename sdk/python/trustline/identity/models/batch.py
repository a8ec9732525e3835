from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_status import BatchStatus

T = TypeVar("T", bound="Batch")


@_attrs_define
class Batch:
    """
    Attributes:
        batch_id (str):
        status (BatchStatus):
        total_documents (int):
        completed_count (int):
        failed_count (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        livemode (bool): false when made with a test key: test keys and live keys do not see each other's batches
    """

    batch_id: str
    status: BatchStatus
    total_documents: int
    completed_count: int
    failed_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    livemode: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch_id = self.batch_id

        status = self.status.value

        total_documents = self.total_documents

        completed_count = self.completed_count

        failed_count = self.failed_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        livemode = self.livemode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batchId": batch_id,
                "status": status,
                "totalDocuments": total_documents,
                "completedCount": completed_count,
                "failedCount": failed_count,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "livemode": livemode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        batch_id = d.pop("batchId")

        status = BatchStatus(d.pop("status"))

        total_documents = d.pop("totalDocuments")

        completed_count = d.pop("completedCount")

        failed_count = d.pop("failedCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        livemode = d.pop("livemode")

        batch = cls(
            batch_id=batch_id,
            status=status,
            total_documents=total_documents,
            completed_count=completed_count,
            failed_count=failed_count,
            created_at=created_at,
            updated_at=updated_at,
            livemode=livemode,
        )

        batch.additional_properties = d
        return batch

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
