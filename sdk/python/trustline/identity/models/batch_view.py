from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch import Batch
    from ..models.extraction import Extraction


T = TypeVar("T", bound="BatchView")


@_attrs_define
class BatchView:
    """
    Attributes:
        batch (Batch):
        extractions (list[Extraction]):
    """

    batch: Batch
    extractions: list[Extraction]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch = self.batch.to_dict()

        extractions = []
        for extractions_item_data in self.extractions:
            extractions_item = extractions_item_data.to_dict()
            extractions.append(extractions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batch": batch,
                "extractions": extractions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch import Batch
        from ..models.extraction import Extraction

        d = dict(src_dict)
        batch = Batch.from_dict(d.pop("batch"))

        extractions = []
        _extractions = d.pop("extractions")
        for extractions_item_data in _extractions:
            extractions_item = Extraction.from_dict(extractions_item_data)

            extractions.append(extractions_item)

        batch_view = cls(
            batch=batch,
            extractions=extractions,
        )

        batch_view.additional_properties = d
        return batch_view

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
