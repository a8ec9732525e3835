from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.detected_face_box import DetectedFaceBox


T = TypeVar("T", bound="DetectedFace")


@_attrs_define
class DetectedFace:
    """
    Attributes:
        box (DetectedFaceBox):
        score (float): the detector's confidence
    """

    box: DetectedFaceBox
    score: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        box = self.box.to_dict()

        score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "box": box,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.detected_face_box import DetectedFaceBox

        d = dict(src_dict)
        box = DetectedFaceBox.from_dict(d.pop("box"))

        score = d.pop("score")

        detected_face = cls(
            box=box,
            score=score,
        )

        detected_face.additional_properties = d
        return detected_face

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
