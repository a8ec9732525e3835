from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CreateLivenessCheckResponse200FaceMatch")


@_attrs_define
class CreateLivenessCheckResponse200FaceMatch:
    """with a document or extractionId: the face match, in the same one charge (see POST /v1/face-match)

    Attributes:
        is_match (bool):
        similarity (float):
        threshold (float):
    """

    is_match: bool
    similarity: float
    threshold: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        is_match = self.is_match

        similarity = self.similarity

        threshold = self.threshold

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isMatch": is_match,
                "similarity": similarity,
                "threshold": threshold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        is_match = d.pop("isMatch")

        similarity = d.pop("similarity")

        threshold = d.pop("threshold")

        create_liveness_check_response_200_face_match = cls(
            is_match=is_match,
            similarity=similarity,
            threshold=threshold,
        )

        create_liveness_check_response_200_face_match.additional_properties = d
        return create_liveness_check_response_200_face_match

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
