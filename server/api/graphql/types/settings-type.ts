import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("Settings", { description: "The server's effective settings; secrets appear only as whether they are set." })
export class SettingsType {
  @Field(() => String, { description: "Playout:TimeZone, an IANA zone." })
  timeZone: string;

  @Field(() => Int, { description: "Playout:DaysToBuild" })
  playoutDaysToBuild: number;

  @Field(() => Int, { description: "Guide:DaysToBuild" })
  guideDaysToBuild: number;

  @Field(() => Int, { description: "HDHomeRun:TunerCount" })
  hdhomerunTunerCount: number;

  @Field(() => Int, { description: "Backup:IntervalHours (0: no scheduled backups)" })
  backupIntervalHours: number;

  @Field(() => Int, { description: "Backup:Keep" })
  backupKeep: number;

  @Field(() => String, { description: "Logging:Level: debug, info, warn or error (applies at once)." })
  logLevel: string;

  @Field(() => Boolean, { description: "Logging:IptvAccessLog: every /iptv/ request logged at debug level." })
  iptvAccessLog: boolean;

  @Field(() => String, { nullable: true, description: "FFmpeg:Path; null when found on PATH or bundled." })
  ffmpegPath: string | null;

  @Field(() => String, { nullable: true, description: "FFmpeg:ProbePath; null when found on PATH or bundled." })
  ffprobePath: string | null;

  @Field(() => Boolean, { description: "Api:WriteKey is in effect (writes need X-Api-Key)." })
  writeKeySet: boolean;

  @Field(() => Boolean, { description: "An owner password is set (Auth:PasswordHash): the UI signs in; reads and writes need the session or the write key." })
  passwordSet: boolean;

  @Field(() => Boolean, { description: "JWT:IssuerSigningKey is in effect (/iptv/ routes need a token)." })
  iptvTokenKeySet: boolean;

  @Field(() => Boolean, { description: "The server accepts connections from other machines, not only loopback." })
  listeningBeyondLoopback: boolean;

  @Field(() => Boolean, { description: "Saved changes take effect only after a restart." })
  restartRequired: boolean;

  @Field(() => [String], { description: "Setting keys fixed by environment variables (they win over settings.json)." })
  environmentOverrides: string[];

  @Field(() => String, { description: "Playout:ScriptsFolder: Scripted playouts run scripts only from this folder." })
  scriptsFolder: string;

  @Field(() => String, { description: "ExternalJson channel files and YAML definition files are read from this folder (or the scripts folder)." })
  playoutsFolder: string;

  @Field(() => [String], { description: "Server:AllowedHosts: host names answered besides IP addresses, localhost and this machine's names (* = any)." })
  allowedHosts: string[];

  @Field(() => String, { description: "Absolute URL of the channel playlist for media players." })
  m3uUrl: string;

  @Field(() => String, { description: "Absolute URL of the XMLTV guide." })
  xmltvUrl: string;

  @Field(() => String, { description: "Base URL media servers add as an HDHomeRun tuner." })
  hdhomerunUrl: string;
}
