package coreinsurance_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/trustline/platform/shared/adapters/coreinsurance"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

func TestDocuments(t *testing.T) {
	dure := 12
	auto, _ := json.Marshal(
		contracts.Auto{
			CliCode:  "CLI-(1)",
			NumImmat: "DK-1",
			MqCode:   "YAMA",
			Modele:   "MT-07",
			Effet:    "01/01/2027",
			Dure:     &dure,
		},
	)
	trip, _ := json.Marshal(contracts.Voyage{CliCode: "CLI-2", NumPassport: "P1", Zn: "SCHENGEN"})
	issued := &contracts.Issuance{ContractID: "CT-X", NumeroPolice: "POL-X"}
	tests := []struct {
		name  string
		c     contracts.Contract
		doc   string
		found bool
		says  []string
	}{
		{
			"auto certificate",
			contracts.Contract{Reference: "AUT-1", Product: contracts.ProductAuto, Data: auto, Issuance: issued},
			coreinsurance.DocAttestation,
			true,
			[]string{"Attestation d'assurance automobile", "AUT-1", "POL-X", `CLI-\(1\)`, "Assur\xe9"},
		},
		{
			"auto brown card",
			contracts.Contract{Reference: "AUT-1", Product: contracts.ProductAuto, Data: auto, Issuance: issued},
			coreinsurance.DocCarteBrune,
			true,
			[]string{"Carte brune", "AUT-1", "POL-X", "DK-1"},
		},
		{
			"travel certificate",
			contracts.Contract{Reference: "TRV-1", Product: contracts.ProductVoyage, Data: trip, Issuance: issued},
			coreinsurance.DocAttestation,
			true,
			[]string{"Certificat d'assurance voyage", "TRV-1", "POL-X", "CLI-2", "P1"},
		},
		{
			"travel has no brown card",
			contracts.Contract{Reference: "TRV-1", Product: contracts.ProductVoyage, Data: trip, Issuance: issued},
			coreinsurance.DocCarteBrune,
			false,
			nil,
		},
		{
			"not issued",
			contracts.Contract{Reference: "AUT-1", Product: contracts.ProductAuto, Data: auto},
			coreinsurance.DocAttestation,
			false,
			nil,
		},
		{
			"unknown document",
			contracts.Contract{Reference: "AUT-1", Product: contracts.ProductAuto, Data: auto, Issuance: issued},
			"other.pdf",
			false,
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := coreinsurance.Document(tt.c, tt.doc)
			if !tt.found {
				if !fault.Is(err, fault.NotFound) {
					t.Fatalf("err = %v, want NotFound", err)
				}
				return
			}
			if err != nil || !bytes.HasPrefix(b, []byte("%PDF-1.4")) {
				t.Fatalf("%v: %.20q", err, b)
			}
			for _, s := range tt.says {
				if !bytes.Contains(b, []byte(s)) {
					t.Errorf("no %q in %s", s, b)
				}
			}
		})
	}
}
