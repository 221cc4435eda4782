(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r13.js"]=[["diffusion/ddim/index.html","Denoising Diffusion Implicit Models (DDIM)","DDIMSampler.sample-5","Sampling","","x"]];
