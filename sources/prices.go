package sources

import "fmt"

// This file holds the public list prices the keep-time rule (KeepRule)
// weighs: what a GPU hour costs, and what a GB of each tier costs to hold.
// Each is a price as printed on a dated page, with the page; the prices
// change, and the page's date is the one to read them at. A tier with no
// price that could be cited has none here: the keep-time rule then takes
// its price as an input with no default (UnpricedTiers says why).

// The sources of the prices.
const (
	DataReceiptsGPU SourceID = "datareceipts-gpu-pricing-2026"
	DstackP5en      SourceID = "dstack-p5en-2026"
	CloudBurnS3     SourceID = "cloudburn-s3-pricing-2026"
	AWSCalculator   SourceID = "aws-calculator-assumptions"
)

func init() {
	register(
		Source{DataReceiptsGPU, "109 — What an H100 actually costs per hour (109-gpu-pricing/hyperscalers.json)", "data-receipts on GitHub",
			"https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/hyperscalers.json", "2026-11-09", Read,
			"a secondary table of on-demand GPU instance prices, retrieved 2026-11-09: each row an instance with its GPU, GPU count, dollars per instance hour and region (AWS rows in us-east-1), quoted as the stored copy shows it (whitespace collapsed); the provider's own price page was not read"},
		Source{DstackP5en, "Add AWS p5en.48xlarge (8:H200 + Sapphire Rapids), dstack pull request #4110", "dstack, pull request #4110",
			"https://github.com/dstackai/dstack/pull/4110", "2026-08-06", Read,
			"the pull request's description: the output of `dstack offer -b aws --instance-type p5en.48xlarge`, the instance's spot and on-demand price per hour in each AWS region as dstack read it from AWS on 2026-08-06; a secondary source, the provider's own price page was not read"},
		Source{CloudBurnS3, "Amazon S3 Pricing Explained: All Costs + Calculator", "CloudBurn",
			"https://cloudburn.io/blog/amazon-s3-pricing", "2026-03-13", Read,
			"a secondary page giving S3's list prices for US East (N. Virginia) as of March 2026; the provider's own price page was not read (its stored copy prints the prices as unfilled templates)"},
		Source{AWSCalculator, "AWS Pricing Calculator: Pricing assumptions", "Amazon Web Services",
			"https://aws.amazon.com/calculator/calculator-assumptions", "", Read,
			"the calculator's general assumptions, among them the hours it counts in a month; the page carries no date"},
	)
}

// HoursPerMonth is the month a price per GB-month is spread over: AWS's
// 730 hours (365 days x 24 hours / 12 months).
var HoursPerMonth = exact("price.hours-per-month", 730.0,
	quoted(AWSCalculator, "General assumptions, Time period", "The Calculator assumes 730 hours in a month"))

// GPUPrice is a public on-demand list price of an instance of GPUs: the
// price of an instance hour and the GPUs it is divided by.
type GPUPrice struct {
	Chip     string // the GPU, as Chips names it ("H100")
	Instance string // the instance, its region and terms
	// InstanceHour is dollars for an hour of the whole instance.
	InstanceHour Input[float64]
	GPUs         Input[float64]
}

// PerGPUHour is the price of one GPU hour in dollars.
func (g GPUPrice) PerGPUHour() float64 { return g.InstanceHour.V() / g.GPUs.V() }

// Provenance says where the price is from: "price from <source>, <date>".
func (g GPUPrice) Provenance() string {
	return fmt.Sprintf("price from %s: %s, $%g an hour over %g GPUs", provenanceOf(g.InstanceHour.Source), g.Instance, g.InstanceHour.V(), g.GPUs.V())
}

// The GPU prices.
var (
	H100OnDemand = GPUPrice{Chip: "H100", Instance: "AWS p5.48xlarge (8x H100 SXM 80 GB), us-east-1, on demand",
		InstanceHour: exact("price.aws-p5-48xlarge.hour", 55.04, quoted(DataReceiptsGPU, "rows, instance p5.48xlarge",
			`"instance": "p5.48xlarge", "gpu": "H100 SXM", "gpu_memory_gb": 80, "gpu_count": 8, "usd_per_hour": 55.04`)),
		GPUs: exact("price.aws-p5-48xlarge.gpus", 8.0, quoted(DataReceiptsGPU, "rows, instance p5.48xlarge", `"gpu_count": 8`))}
	H200OnDemand = GPUPrice{Chip: "H200", Instance: "AWS p5en.48xlarge (8x H200 141 GB), us-east-1, on demand",
		InstanceHour: exact("price.aws-p5en-48xlarge.hour", 63.296, quoted(DstackP5en, "description, `dstack offer` row 6 (us-east-1, not spot)",
			"aws (us-east-1)   cpu=192 mem=2048GB disk=100GB gpu=H200:141GB:8         p5en.48xlarge  $63.296")),
		GPUs: exact("price.aws-p5en-48xlarge.gpus", 8.0, quoted(DstackP5en, "description, `dstack offer` row 6", "gpu=H200:141GB:8"))}
)

// GPUPrices lists the cited GPU prices, one a chip.
var GPUPrices = []GPUPrice{H100OnDemand, H200OnDemand}

// GPUPriceFor returns the cited price of a GPU hour of chip.
func GPUPriceFor(chip string) (GPUPrice, bool) {
	for _, g := range GPUPrices {
		if g.Chip == chip {
			return g, true
		}
	}
	return GPUPrice{}, false
}

// TierPrice is a public list price of holding bytes in a tier, per GB
// and month as printed.
type TierPrice struct {
	Tier string // "G4"
	What string // the product the price is of, its region and terms
	// PerGBMonth is dollars for a GB held a month, GB as the page prints
	// it (read as 10^9 bytes).
	PerGBMonth Input[float64]
}

// PerGBHour is the price per GB-hour: the monthly price over
// HoursPerMonth.
func (t TierPrice) PerGBHour() float64 { return t.PerGBMonth.V() / HoursPerMonth.V() }

// Provenance says where the price is from: "price from <source>, <date>".
func (t TierPrice) Provenance() string {
	return fmt.Sprintf("price from %s: %s, $%g a GB-month over %g hours", provenanceOf(t.PerGBMonth.Source), t.What, t.PerGBMonth.V(), HoursPerMonth.V())
}

// S3Standard is object storage's list price, G4's price here: shared
// storage every server can reach.
var S3Standard = TierPrice{Tier: "G4", What: "object storage, Amazon S3 Standard, US East (N. Virginia)",
	PerGBMonth: exact("price.s3-standard.gb-month", 0.023, quoted(CloudBurnS3, "introduction, before 'What S3 Actually Costs'", "S3 Standard costs $0.023/GB/month"))}

// TierPrices lists the tiers with a cited price.
var TierPrices = []TierPrice{S3Standard}

// TierPriceFor returns the cited price of holding a GB in tier.
func TierPriceFor(tier string) (TierPrice, bool) {
	for _, t := range TierPrices {
		if t.Tier == tier {
			return t, true
		}
	}
	return TierPrice{}, false
}

// UnpricedTiers are the tiers with no cited price, each with why: their
// price is the user's to give.
var UnpricedTiers = map[string]string{
	"G1":   "HBM is not sold by the GB-hour: its rent is the GPUs' time, and no page found prices it apart",
	"G2":   "no dated public price of DRAM per GB-hour (a custom machine's extra memory, or an instance family's memory share) could be read",
	"G3":   "no dated public price of local NVMe per GB-month could be read",
	"G3.5": "no dated public price of pod-shared flash or block storage per GB-month could be read",
}

// provenanceOf names a source by its publisher and date: "CloudBurn,
// 2026-03-13"; its title and address are in the registry.
func provenanceOf(id SourceID) string {
	s, ok := Lookup(id)
	if !ok {
		return string(id)
	}
	if s.Date == "" {
		return s.Publisher
	}
	return s.Publisher + ", " + s.Date
}
