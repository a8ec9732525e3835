from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.image_quality_reasons_item import ImageQualityReasonsItem
from ..models.image_quality_status import ImageQualityStatus

T = TypeVar("T", bound="ImageQuality")


@_attrs_define
class ImageQuality:
    """What the client can do about the capture, measured on the image, whatever was read from it: good, usable (it was or
    may be read, a better capture would be safer) or retake. Absent when there was no image to measure (a PDF read
    without rendering it).

        Attributes:
            status (ImageQualityStatus):
            reasons (list[ImageQualityReasonsItem]): blurred (ink edges wider than about 1.7 px and 4 % of the characters'
                height; retake from 2.2 px), too_small (characters under 12 px high; retake under 9.5 px, about a 5-6 px MRZ
                pitch), glare (more than 2 % of the text area clipped white on paper that is not white; retake from 6 %),
                cropped (text cut by the image's border; retake), tilted (text lines 10° or more from level; usable). Empty when
                good; more reasons may be added.
    """

    status: ImageQualityStatus
    reasons: list[ImageQualityReasonsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "reasons": reasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = ImageQualityStatus(d.pop("status"))

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = ImageQualityReasonsItem(reasons_item_data)

            reasons.append(reasons_item)

        image_quality = cls(
            status=status,
            reasons=reasons,
        )

        image_quality.additional_properties = d
        return image_quality

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
