// The Transfer Pathway node type: hands the call to another pathway, which ends this one.
import descriptor from "../../../src/model/node-types/transfer-pathway.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "To billing", pathwayId: "billing-pathway" },
  entered: { status: "transferred", nodeId: SAMPLE },
  sets: [],
});
