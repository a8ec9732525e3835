package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// withoutMRZ are pages with printed text and no MRZ, the false positives a reader must not read:
// a letter, a form in capitals, a payment slip whose code line is printed in OCR-B, and the back
// of a card with a barcode. Each is photographed or scanned as users do.
var withoutMRZ = []struct{ condition, description string }{
	{"letter", "a typed letter on A4 (paragraphs in a proportional font), flatbed scan, JPEG quality 85"},
	{
		"form",
		"a form filled in capitals and digits in a monospaced font, with boxes and dates, phone photo turned 8°, JPEG quality 88",
	},
	{
		"payslip",
		"a payment slip whose two reference lines are OCR-B digits, capitals, > and + of MRZ-like length, scan, grey PNG",
	},
	{
		"cardback",
		"the back of a card on its tint (address, barcode, small print, no MRZ), phone photo turned 18°, JPEG quality 88",
	},
}

// negative draws the page of one withoutMRZ condition; the variant says how to encode it.
func negative(f *fonts, condition string, seed uint64) (variant, error) {
	mono, err := opentype.Parse(gomono.TTF)
	if err != nil {
		return variant{}, err
	}
	white := color.RGBA{250, 250, 248, 255}
	a4 := func(pxPerMM float64) *page {
		img := image.NewRGBA(image.Rect(0, 0, int(210*pxPerMM), int(297*pxPerMM)))
		draw.Draw(img, img.Rect, image.NewUniform(white), image.Point{}, draw.Src)
		return &page{img: img, ppm: pxPerMM, fonts: f}
	}
	switch condition {
	case "letter":
		p := a4(5)
		p.text(f.bold, 5, 20, 30, "Lakeside Property Management Ltd", ink)
		p.text(f.regular, 3.2, 20, 37, "12 Harbour Road, Zenith ZE1 4AB  ·  +44 20 7946 0958", labelInk)
		p.text(f.regular, 3.5, 130, 60, "Zenith, 14 March 2024", ink)
		p.text(f.regular, 3.5, 20, 75, "Dear Ms Eriksson,", ink)
		body := []string{
			"Thank you for your application for the flat at 4 Quay Street. Before we can prepare the",
			"tenancy agreement we need a copy of an identity document and proof of your income for",
			"the last three months. Please send them by 28 March 2024, quoting reference",
			"LPM/2024/0318/ER in every message so that we can file them with your application.",
			"",
			"The deposit of GBP 1,450.00 is due on signature; the first rent payment of GBP 1,180.00",
			"on 1 April 2024. Keys are handed over at our office between 9:00 and 17:00.",
			"",
			"Yours sincerely,",
		}
		for k, l := range body {
			p.text(f.regular, 3.5, 20, 88+float64(k)*6.5, l, ink)
		}
		p.text(f.bold, 3.5, 20, 165, "J. HOLLOWAY, LETTINGS MANAGER", ink)
		return variant{img: p.img, quality: 85}, nil
	case "form":
		p := a4(5)
		p.text(f.bold, 6, 20, 30, "APPLICATION FOR A PARKING PERMIT", ink)
		rows := [][2]string{
			{"SURNAME", "ERIKSSON"}, {"GIVEN NAMES", "ANNA MARIA"}, {"DATE OF BIRTH", "12 08 1974"},
			{"ADDRESS", "4 QUAY STREET ZENITH ZE2 7QT"}, {"VEHICLE REGISTRATION", "ZX19 KLM"},
			{"PERMIT NUMBER", "PP 2024 118 4471"}, {"VALID FROM", "01 04 2024"}, {"VALID UNTIL", "31 03 2025"},
			{"ZONE", "C2 HARBOUR"}, {"FEE PAID", "GBP 120 00 REF 88120345"},
		}
		for k, r := range rows {
			y := 50 + float64(k)*16
			p.text(f.regular, 3, 20, y, r[0], labelInk)
			rect(p, 20, y+2, 190, y+12, labelInk)
			p.text(mono, 5.2, 23, y+10, r[1], ink)
		}
		img, _ := photograph(
			p.img,
			image.Rect(0, 0, 1, 1),
			shot{angle: 8, margin: 0.05, surface: tableWood, seed: seed},
		)
		sensorNoise(img, 3, seed)
		return variant{img: img, quality: 88}, nil
	case "payslip":
		img := image.NewRGBA(image.Rect(0, 0, 2100, 1060))
		draw.Draw(img, img.Rect, image.NewUniform(color.RGBA{252, 236, 214, 255}), image.Point{}, draw.Src)
		p := &page{img: img, ppm: 10, fonts: f}
		p.text(f.bold, 4, 8, 12, "PAYMENT SLIP / BULLETIN DE VERSEMENT", ink)
		p.text(f.regular, 3, 8, 22, "Account / Compte  01-162-8", labelInk)
		p.text(f.regular, 3, 8, 30, "In favour of / En faveur de: ZENITH WATER UTILITY", labelInk)
		p.text(f.regular, 3, 8, 38, "Amount / Montant  CHF 248.35", labelInk)
		rect(p, 110, 18, 200, 60, labelInk)
		p.text(f.regular, 2.6, 113, 24, "Reference / Référence", labelInk)
		p.text(f.bold, 3.4, 113, 32, "21 00000 00003 13947 14300 09017", ink)
		em := mrzPitchMM / f.ocrbAdvance
		for k, l := range []string{
			"0100000248356>210000000003139471430009017+ 010001628>",
			"ZENITHWATER>UTILITY>BILL>2024>03>CUSTOMER>4471229033+",
		} {
			p.text(f.ocrb, em, 8, 88+float64(k)*mrzLineMM, l, ink)
		}
		return variant{img: imagefile.Grayscale(img)}, nil
	case "cardback":
		g := geometries["TD1"]
		img := image.NewRGBA(image.Rect(0, 0, int(math.Round(g.wMM*g.pxPerMM)), int(math.Round(g.hMM*g.pxPerMM))))
		draw.Draw(img, img.Rect, image.NewUniform(paleGreen), image.Point{}, draw.Src)
		p := &page{img: img, ppm: g.pxPerMM, fonts: f}
		guilloche(p, paleGreen, g.hMM)
		p.text(f.regular, 1.7, 4, 6, "Address / Adresse", labelInk)
		p.text(f.bold, 2.6, 4, 10, "4 QUAY STREET", ink)
		p.text(f.bold, 2.6, 4, 14, "ZENITH ZE2 7QT", ink)
		p.text(f.regular, 1.7, 4, 20, "Height / Taille", labelInk)
		p.text(f.bold, 2.6, 4, 24, "1.68 m", ink)
		p.text(f.regular, 1.7, 40, 20, "Issuing authority / Autorité", labelInk)
		p.text(f.bold, 2.6, 40, 24, "CITY OF ZENITH", ink)
		// A barcode: bars of one to three modules.
		x := 4.0
		for k := 0; x < 81; k++ {
			wmm := 0.25 * float64(1+(k*7+3)%3)
			if k%2 == 0 {
				fill(p, x, 30, x+wmm, 44, ink)
			}
			x += wmm
		}
		p.text(mono, 2.4, 4, 49, fmt.Sprintf("%s  %s", "0044 7122 9033 8812", "UTO-ZE-2024"), ink)
		img2, _ := photograph(
			img,
			image.Rect(0, 0, 1, 1),
			shot{angle: 18, margin: 0.08, surface: tableGrey, seed: seed},
		)
		sensorNoise(img2, 3, seed)
		return variant{img: img2, quality: 88}, nil
	}
	return variant{}, fmt.Errorf("unknown condition %s", condition)
}

// rect draws a box outline 0.3 mm thick.
func rect(p *page, x0, y0, x1, y1 float64, c color.RGBA) {
	const t = 0.3
	fill(p, x0, y0, x1, y0+t, c)
	fill(p, x0, y1-t, x1, y1, c)
	fill(p, x0, y0, x0+t, y1, c)
	fill(p, x1-t, y0, x1, y1, c)
}

func fill(p *page, x0, y0, x1, y1 float64, c color.RGBA) {
	r := image.Rect(int(p.px(x0)), int(p.px(y0)), int(math.Ceil(p.px(x1))), int(math.Ceil(p.px(y1))))
	draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// unreadable draws a holiday-photo-like image: sky gradient, blurred discs, a caption.
func unreadable(f *fonts) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 1000, 700))
	for y := 0; y < 700; y++ {
		t := float64(y) / 700
		c := color.RGBA{uint8(90 + 150*t), uint8(140 + 60*t), uint8(220 - 120*t), 255}
		draw.Draw(img, image.Rect(0, y, 1000, y+1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	discs := []struct{ x, y, r float64 }{{220, 420, 140}, {610, 300, 90}, {820, 520, 170}, {420, 610, 60}}
	for _, d := range discs {
		for y := int(d.y - d.r); y < int(d.y+d.r); y++ {
			for x := int(d.x - d.r); x < int(d.x+d.r); x++ {
				if !(image.Point{x, y}.In(img.Rect)) {
					continue
				}
				dist := math.Hypot(float64(x)-d.x, float64(y)-d.y) / d.r
				if dist >= 1 {
					continue
				}
				a := 0.45 * (1 - dist*dist)
				o := img.PixOffset(x, y)
				for k, target := range []float64{250, 235, 200} {
					img.Pix[o+k] = uint8(float64(img.Pix[o+k])*(1-a) + target*a)
				}
			}
		}
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	p := &page{img: img, ppm: 1, fonts: f}
	p.text(bold, 44, 40, 90, "Summer 2024 - Lake Zenith", color.RGBA{30, 30, 40, 255})
	p.text(f.regular, 26, 40, 660, "IMG_2048.JPG  f/2.8  1/250 s  ISO 100", color.RGBA{250, 250, 250, 255})
	var b bytes.Buffer
	err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	return b.Bytes(), err
}
