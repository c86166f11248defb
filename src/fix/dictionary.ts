/**
 * The gateway's FIX 4.4 dictionary: jspurefix's (the FIX repository's) with CopyMsgIndicator
 * (797) added to the ExecutionReport (docs/fix.md, "Drop copy"). FIX 4.4 defines the field but
 * places it in no ExecutionReport, so the encoder would drop it; a drop copy marks its reports
 * with it.
 */
import {
  ContainedSetBuilder,
  ContainedSimpleField,
  MsgTag,
  MsgType,
  type FixDefinitions,
} from 'jspurefix';

export function withCopyMsgIndicator(definitions: FixDefinitions): void {
  const report = definitions.containedSet(MsgType.ExecutionReport);
  const field = definitions.tagToSimple[MsgTag.CopyMsgIndicator];
  if (!report || !field) throw new Error('the FIX 4.4 dictionary lacks ExecutionReport or tag 797');
  // the definitions may be shared by every session of the process: add the field once
  if (report.tagToSimple[MsgTag.CopyMsgIndicator]) return;
  new ContainedSetBuilder(report).add(
    new ContainedSimpleField(field, report.fields.length, false, false),
  );
}
